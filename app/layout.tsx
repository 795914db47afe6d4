import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import "./globals.css";
import { AccountMenu } from "@/components/account/account-menu";
import { HeaderSearch } from "@/components/site/header-search";
import { SiteFooter } from "@/components/site/site-footer";
import { getViewer } from "@/lib/model/accounts/viewer";

export const metadata: Metadata = {
  title: { default: "Explore", template: "%s · Explore" },
  description: "Find, judge and run agent services.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-background text-foreground antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <header className="border-b border-border bg-surface">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
            <Link href="/" prefetch={false} className="text-lg font-semibold tracking-tight">
              Explore
            </Link>
            <HeaderSearch />
            <nav aria-label="Account" className="ml-auto flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
              <Link href="/requests" prefetch={false} className="text-sm font-medium hover:underline">
                Requests
              </Link>
              <Link href="/board" prefetch={false} className="text-sm font-medium hover:underline">
                Board
              </Link>
              <Link href="/directory" prefetch={false} className="text-sm font-medium hover:underline">
                Directory
              </Link>
              <Link href="/dashboard" prefetch={false} className="text-sm font-medium hover:underline">
                Dashboard
              </Link>
              <AccountMenu email={viewer?.email ?? null} />
            </nav>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
