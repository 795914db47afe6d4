import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { isDevMailboxEnabled } from "@/lib/model/accounts/dev-mailbox";

export const metadata: Metadata = { title: "Check your email" };

export default function CheckEmailPage() {
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-semibold">Check your email</h1>
      <Card className="mt-6 space-y-3">
        <p>We sent you a sign-in link. Open it on this device to finish signing in.</p>
        <p className="text-sm text-muted-foreground">
          The link works once and expires in 24 hours. No email? Check your spam folder, or{" "}
          <Link href="/sign-in" className="underline">
            ask for a new link
          </Link>
          .
        </p>
        {isDevMailboxEnabled() ? (
          <p className="text-sm">
            Development: no mail server is set up, so the link is in the server log and in the{" "}
            <Link href="/dev/mailbox" className="font-medium underline">
              development mailbox
            </Link>
            .
          </p>
        ) : null}
      </Card>
    </div>
  );
}
