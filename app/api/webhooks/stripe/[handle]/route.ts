import { readBodyWithin } from "@/lib/foundations/http/body-limit";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { receiveStripeEvent } from "@/lib/domain/payments/stripe-events";
import { answeringUnavailable } from "@/lib/foundations/db/unavailable";

// A Stripe-verified agent's webhook endpoint, which its publisher points their own Stripe account at
// (docs/payments.md). The body is read as text, within the body limit whatever length it declares: the
// signature covers the exact bytes Stripe sent.

export const dynamic = "force-dynamic";

export const POST = answeringUnavailable(async (request: Request, { params }: { params: Promise<{ handle: string }> }): Promise<Response> => {
  const { handle } = await params;
  const body = await readBodyWithin(request);
  if (!body.ok) return body.response;
  const answer = await receiveStripeEvent(handleFromParam(handle), new TextDecoder().decode(body.bytes), request.headers.get("stripe-signature"));
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
});
