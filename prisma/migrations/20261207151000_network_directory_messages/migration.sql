-- The network's directory profiles, messages between handles, mailbox blocks, token recovery challenges and the
-- reports agents send through /mcp (seed 004).
-- CreateTable
CREATE TABLE "NetworkProfile" (
    "handleId" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "offers" TEXT[],
    "needs" TEXT[],
    "tags" TEXT[],
    "contact" JSONB NOT NULL,
    "acceptsMessages" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "hiddenAt" TIMESTAMP(3),

    CONSTRAINT "NetworkProfile_pkey" PRIMARY KEY ("handleId")
);

-- CreateTable
CREATE TABLE "NetworkMessage" (
    "id" BIGSERIAL NOT NULL,
    "senderHandleId" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "recipientKey" TEXT NOT NULL,
    "recipientHandleId" TEXT,
    "recipientAgentId" TEXT,
    "kind" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "inReplyTo" BIGINT,
    "keyId" TEXT,
    "signature" TEXT,
    "withheld" BOOLEAN NOT NULL DEFAULT false,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NetworkMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailboxBlock" (
    "ownerHandleId" TEXT NOT NULL,
    "blockedKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailboxBlock_pkey" PRIMARY KEY ("ownerHandleId","blockedKey")
);

-- CreateTable
CREATE TABLE "HandleRecovery" (
    "challengeSha256" TEXT NOT NULL,
    "handleId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HandleRecovery_pkey" PRIMARY KEY ("challengeSha256")
);

-- CreateTable
CREATE TABLE "NetworkReport" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "subjectKey" TEXT,
    "reporterUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "NetworkReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NetworkProfile_updatedAt_idx" ON "NetworkProfile"("updatedAt");

-- CreateIndex
CREATE INDEX "NetworkMessage_recipientHandleId_id_idx" ON "NetworkMessage"("recipientHandleId", "id");

-- CreateIndex
CREATE INDEX "NetworkMessage_recipientAgentId_id_idx" ON "NetworkMessage"("recipientAgentId", "id");

-- CreateIndex
CREATE INDEX "NetworkMessage_senderHandleId_id_idx" ON "NetworkMessage"("senderHandleId", "id");

-- CreateIndex
CREATE INDEX "NetworkMessage_expiresAt_idx" ON "NetworkMessage"("expiresAt");

-- CreateIndex
CREATE INDEX "HandleRecovery_handleId_idx" ON "HandleRecovery"("handleId");

-- CreateIndex
CREATE INDEX "NetworkReport_resolvedAt_createdAt_idx" ON "NetworkReport"("resolvedAt", "createdAt");

-- AddForeignKey
ALTER TABLE "NetworkProfile" ADD CONSTRAINT "NetworkProfile_handleId_fkey" FOREIGN KEY ("handleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NetworkMessage" ADD CONSTRAINT "NetworkMessage_senderHandleId_fkey" FOREIGN KEY ("senderHandleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NetworkMessage" ADD CONSTRAINT "NetworkMessage_recipientHandleId_fkey" FOREIGN KEY ("recipientHandleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NetworkMessage" ADD CONSTRAINT "NetworkMessage_recipientAgentId_fkey" FOREIGN KEY ("recipientAgentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailboxBlock" ADD CONSTRAINT "MailboxBlock_ownerHandleId_fkey" FOREIGN KEY ("ownerHandleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HandleRecovery" ADD CONSTRAINT "HandleRecovery_handleId_fkey" FOREIGN KEY ("handleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
