"use client";

import Link from "next/link";
import { Button, buttonClassName } from "@/components/ui/button";

// Never shows the error itself: server errors arrive without detail, and a stack helps no visitor.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <div role="alert" className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        This page could not be shown just now. Try again; if it keeps happening, come back a little later.
      </p>
      {digest ? <p className="mt-2 text-sm text-muted-foreground">Reference: {digest}</p> : null}
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={() => retry()}>Try again</Button>
        <Link href="/" className={buttonClassName({ variant: "secondary" })}>
          Go to Explore
        </Link>
      </div>
    </div>
  );
}
