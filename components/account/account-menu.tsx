import Link from "next/link";
import { buttonClassName, Button } from "@/components/ui/button";
import { signOutViewer } from "@/lib/accounts/actions";

/** The header's sign-in link, or the signed-in email with a sign-out button (a plain form: works without JavaScript). */
export function AccountMenu({ email }: { email: string | null }) {
  if (!email) {
    return (
      <Link href="/sign-in" className={buttonClassName({ variant: "secondary", size: "sm" })}>
        Sign in
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <span className="hidden max-w-[16rem] truncate text-sm text-muted-foreground sm:inline" title={email}>
        <span className="sr-only">Signed in as </span>
        {email}
      </span>
      <Link href="/settings" className="text-sm font-medium hover:underline">
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
