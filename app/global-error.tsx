"use client";

import "./globals.css";
import { PageUnavailable, errorDigest } from "@/components/site/page-unavailable";

// When the root layout itself fails (it reads the signed-in viewer, so a database outage fails it), this
// replaces it: the same words as app/error.tsx instead of Next's bare "Application error".
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="bg-background text-foreground antialiased">
        <main className="px-4 py-8">
          <PageUnavailable digest={errorDigest(error)} retry={retry} />
        </main>
      </body>
    </html>
  );
}
