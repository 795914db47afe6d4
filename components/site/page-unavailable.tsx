import Link from "next/link";
import { Button, buttonClassName } from "@/components/ui/button";

// What a visitor sees when a page fails on the server (app/error.tsx, app/global-error.tsx). Server errors reach
// the browser without their cause, and most are passing (the database restarting, a moment's overload), so it
// says "try again in a moment" and never shows the error itself.
export function PageUnavailable({ digest, retry }: { digest: string | null; retry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">Temporarily unavailable</h1>
      <p className="mt-3 text-muted-foreground">
        Explore could not show this page just now. Try again in a moment; if it keeps happening, come back a little later.
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

export function errorDigest(error: unknown): string | null {
  return error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
}
