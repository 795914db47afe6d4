import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import "./globals.css";
import { AccountMenu } from "@/components/account/account-menu";
import { getViewer } from "@/lib/accounts/viewer";

export const metadata: Metadata = {
  title: { default: "Explore", template: "%s · Explore" },
  description: "Find, judge and run agent services.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  return (
    <html lang="en">
      <body className="min-h-screen bg-background text-foreground antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <header className="border-b border-border bg-surface">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Explore
            </Link>
            <form action="/" method="get" role="search" className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
              <label htmlFor="site-search" className="sr-only">
                Search services
              </label>
              <input
                id="site-search"
                name="q"
                type="search"
                placeholder="Search services"
                className="h-9 w-full max-w-md rounded-md border border-border bg-background px-3 text-sm placeholder:text-muted-foreground"
              />
            </form>
            <nav aria-label="Account" className="ml-auto flex items-center gap-4">
              <Link href="/requests" className="text-sm font-medium hover:underline">
                Requests
              </Link>
              <Link href="/dashboard" className="text-sm font-medium hover:underline">
                Dashboard
              </Link>
              <AccountMenu email={viewer?.email ?? null} />
            </nav>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
          {children}
        </main>
      </body>
    </html>
  );
}
