import type { NextRequest } from "next/server";
import { handlers } from "@/lib/accounts/auth";
import { toRelativeRedirect } from "@/lib/accounts/relative-redirect";

export async function GET(request: NextRequest): Promise<Response> {
  return toRelativeRedirect(await handlers.GET(request), request.nextUrl.origin);
}

export async function POST(request: NextRequest): Promise<Response> {
  return toRelativeRedirect(await handlers.POST(request), request.nextUrl.origin);
}
