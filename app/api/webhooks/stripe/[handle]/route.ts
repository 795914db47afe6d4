import { handleFromParam } from "@/lib/listings/paths";
import { receiveStripeEvent } from "@/lib/payments/stripe-events";

// A Stripe-verified agent's webhook endpoint, which its publisher points their own Stripe account at
// (docs/payments.md). The body is read as text: the signature covers the exact bytes Stripe sent.

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ handle: string }> }): Promise<Response> {
  const { handle } = await params;
  const answer = await receiveStripeEvent(handleFromParam(handle), await request.text(), request.headers.get("stripe-signature"));
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
