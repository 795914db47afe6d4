-- Stripe sends one event ID to every endpoint of an account: an event is recorded once per agent. Existing rows keep
-- their agent, and an entitlement already names the agent of the event that granted it.
-- DropForeignKey
ALTER TABLE "Entitlement" DROP CONSTRAINT "Entitlement_eventId_fkey";

-- AlterTable
ALTER TABLE "StripeEvent" DROP CONSTRAINT "StripeEvent_pkey",
ADD CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("agentId", "id");

-- AddForeignKey
ALTER TABLE "Entitlement" ADD CONSTRAINT "Entitlement_agentId_eventId_fkey" FOREIGN KEY ("agentId", "eventId") REFERENCES "StripeEvent"("agentId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
