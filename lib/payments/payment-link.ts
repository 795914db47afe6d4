/** The provider's payment link with the consumer's pseudonymous ID as client_reference_id (Stripe Payment Links read it). */
export function paymentLinkFor(link: string, consumerId: string): string {
  const url = new URL(link);
  url.searchParams.set("client_reference_id", consumerId);
  return url.toString();
}
