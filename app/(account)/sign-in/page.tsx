import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/account/sign-in-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { signInWithGitHub } from "@/lib/model/accounts/actions";
import { githubSignInEnabled } from "@/lib/model/accounts/auth";
import { safeReturnPath } from "@/lib/model/accounts/return-path";
import { getViewer } from "@/lib/model/accounts/viewer";
import { describeSignInError } from "@/lib/model/accounts/sign-in-errors";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<{ callbackUrl?: string | string[]; error?: string | string[] }>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(first(params.callbackUrl));
  const viewer = await getViewer();
  if (viewer) redirect(callbackUrl);
  const problem = describeSignInError(first(params.error));

  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-semibold">Sign in to Explore</h1>
      <p className="mt-2 text-muted-foreground">Enter your email address and we will send you a link that signs you in. No password needed.</p>
      {problem ? (
        <p role="alert" className="mt-4 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <Card className="mt-6">
        <SignInForm callbackUrl={callbackUrl} />
        {githubSignInEnabled ? (
          <>
            <p className="my-4 text-center text-sm text-muted-foreground">or</p>
            <form action={signInWithGitHub}>
              <input type="hidden" name="callbackUrl" value={callbackUrl} />
              <Button type="submit" variant="secondary" className="w-full">
                Sign in with GitHub
              </Button>
            </form>
          </>
        ) : null}
      </Card>
    </div>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
