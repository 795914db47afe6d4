import type { NextRequest } from "next/server";
import { handlers } from "@/lib/model/accounts/auth";
import { isIncompleteSignInLink, toSignInPage } from "@/lib/model/accounts/auth-route";
import { toRelativeRedirect } from "@/lib/model/accounts/relative-redirect";
import { answerCountingSignInLinks } from "@/lib/model/accounts/sign-in-limits";

export async function GET(request: NextRequest): Promise<Response> {
  if (isIncompleteSignInLink(request.nextUrl)) return toSignInPage("IncompleteLink");
  return toRelativeRedirect(await handlers.GET(request), request.nextUrl.origin);
}

export async function POST(request: NextRequest): Promise<Response> {
  const { response, limited } = await answerCountingSignInLinks(() => handlers.POST(request));
  if (limited) return toSignInPage("SignInLinksLimited");
  return toRelativeRedirect(response, request.nextUrl.origin);
}
