import Link from "next/link";
import { buttonClassName, Button } from "@/components/ui/button";
import { signOutViewer } from "@/lib/model/accounts/actions";
import { PURCHASES_PATH } from "@/lib/domain/payments/paths";
import { MY_RUNS_PATH } from "@/lib/domain/runs/paths";

/** The header's sign-in link, or the signed-in email with a sign-out button (a plain form: works without JavaScript). */
export function AccountMenu({ email }: { email: string | null }) {
  if (!email) {
    return (
      <Link href="/sign-in" prefetch={false} className={buttonClassName({ variant: "secondary", size: "sm" })}>
        Sign in
      </Link>
    );
  }
  return (
    // Its items join the header's row (display: contents), so on a phone they wrap as one line of links
    // instead of a column of their own beside "Requests" and "Dashboard".
    <div className="contents">
      <span className="hidden max-w-[16rem] truncate text-sm text-muted-foreground sm:inline" title={email}>
        <span className="sr-only">Signed in as </span>
        {email}
      </span>
      <Link href={MY_RUNS_PATH} prefetch={false} className="text-sm font-medium hover:underline">
        My runs
      </Link>
      <Link href={PURCHASES_PATH} prefetch={false} className="text-sm font-medium hover:underline">
        Purchases
      </Link>
      <Link href="/settings" prefetch={false} className="text-sm font-medium hover:underline">
        Settings
      </Link>
      <form action={signOutViewer}>
        <Button type="submit" variant="secondary" size="sm">
          Sign out
        </Button>
      </form>
    </div>
  );
}
