import type { Metadata } from "next";
import Link from "next/link";
import { PurchaseCard } from "@/components/payments/purchase-card";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { PURCHASES_PATH } from "@/lib/domain/payments/paths";
import { findMyPurchases, MAX_PURCHASES } from "@/lib/domain/payments/purchases";

export const metadata: Metadata = { title: "Purchases", robots: { index: false } };

export default async function PurchasesPage() {
  const viewer = await requireViewer(PURCHASES_PATH);
  const now = new Date();
  const purchases = await findMyPurchases(viewer, now);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Purchases</h1>
        <p className="mt-1 text-muted-foreground">
          What you bought from providers whose payments Explore verifies with Stripe, and what is left. You pay the provider; Explore never holds your money.
        </p>
      </div>
      {purchases.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6">
          <p>You have no verified purchases yet.</p>
          <p className="mt-2 text-sm text-muted-foreground">
            When you pay for a service at a provider whose payments Explore verifies, what you bought appears here: the calls left in a pack, or how long a
            subscription runs. Payments to other providers are kept by the provider itself.{" "}
            <Link href="/" className="text-accent underline">
              Find a service
            </Link>
          </p>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {purchases.map((purchase) => (
              <li key={purchase.id}>
                <PurchaseCard purchase={purchase} now={now} />
              </li>
            ))}
          </ul>
          {purchases.length === MAX_PURCHASES ? <p className="text-sm text-muted-foreground">Your {MAX_PURCHASES} latest purchases are shown.</p> : null}
        </>
      )}
    </div>
  );
}
