-- Money: payment_required runs, consumer IDs, Stripe-verified agents, their events and entitlements.
ALTER TYPE "ExecutionStatus" ADD VALUE 'payment_required';

CREATE TYPE "StripeEventOutcome" AS ENUM ('granted', 'applied', 'ignored', 'mismatch');
CREATE TYPE "EntitlementStatus" AS ENUM ('active', 'refunded', 'ended');

CREATE TABLE "AgentConsumer" (
    "consumerId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AgentConsumer_pkey" PRIMARY KEY ("consumerId")
);
CREATE UNIQUE INDEX "AgentConsumer_agentId_userId_key" ON "AgentConsumer"("agentId", "userId");
ALTER TABLE "AgentConsumer" ADD CONSTRAINT "AgentConsumer_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AgentConsumer" ADD CONSTRAINT "AgentConsumer_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "StripeWebhook" (
    "agentId" TEXT NOT NULL,
    "secretCiphertext" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastEventAt" TIMESTAMP(3),
    "signatureFailures" INTEGER NOT NULL DEFAULT 0,
    "lastFailureAt" TIMESTAMP(3),
    CONSTRAINT "StripeWebhook_pkey" PRIMARY KEY ("agentId")
);
ALTER TABLE "StripeWebhook" ADD CONSTRAINT "StripeWebhook_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" "StripeEventOutcome" NOT NULL,
    "message" TEXT NOT NULL,
    "planId" TEXT,
    "amountCents" INTEGER,
    "currency" TEXT,
    "consumerId" TEXT,
    "subscriptionId" TEXT,
    "subscriptionStatus" TEXT,
    "periodEnd" TIMESTAMP(3),
    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "StripeEvent_agentId_receivedAt_idx" ON "StripeEvent"("agentId", "receivedAt");
CREATE INDEX "StripeEvent_subscriptionId_createdAt_idx" ON "StripeEvent"("subscriptionId", "createdAt");
ALTER TABLE "StripeEvent" ADD CONSTRAINT "StripeEvent_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "Entitlement" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "status" "EntitlementStatus" NOT NULL DEFAULT 'active',
    "callsGranted" INTEGER,
    "callsLeft" INTEGER,
    "callsRevoked" INTEGER NOT NULL DEFAULT 0,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "checkoutSessionId" TEXT NOT NULL,
    "paymentIntentId" TEXT,
    "subscriptionId" TEXT,
    "activeUntil" TIMESTAMP(3),
    "stateAt" TIMESTAMP(3),
    "subscriptionStatus" TEXT,
    "eventId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Entitlement_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Entitlement_calls_not_negative" CHECK ("callsLeft" IS NULL OR "callsLeft" >= 0)
);
CREATE UNIQUE INDEX "Entitlement_checkoutSessionId_key" ON "Entitlement"("checkoutSessionId");
CREATE INDEX "Entitlement_userId_agentId_planId_status_idx" ON "Entitlement"("userId", "agentId", "planId", "status");
CREATE INDEX "Entitlement_paymentIntentId_idx" ON "Entitlement"("paymentIntentId");
CREATE INDEX "Entitlement_subscriptionId_idx" ON "Entitlement"("subscriptionId");
ALTER TABLE "Entitlement" ADD CONSTRAINT "Entitlement_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Entitlement" ADD CONSTRAINT "Entitlement_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Entitlement" ADD CONSTRAINT "Entitlement_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "StripeEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Execution" ADD COLUMN "entitlementId" TEXT;
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_entitlementId_fkey" FOREIGN KEY ("entitlementId") REFERENCES "Entitlement"("id") ON DELETE SET NULL ON UPDATE CASCADE;
