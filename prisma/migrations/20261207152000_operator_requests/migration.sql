-- The operator channel: needs agents send to the people running Explore through /mcp (seed 004's describe_need),
-- each with its thread of messages, answered by administrators in /admin/requests.
-- CreateTable
CREATE TABLE "OperatorRequest" (
    "id" TEXT NOT NULL,
    "followUpTokenSha256" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "handle" TEXT,
    "contactHint" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "OperatorRequest_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "OperatorRequest_status_check" CHECK ("status" IN ('open', 'answered', 'closed'))
);

-- CreateTable
CREATE TABLE "OperatorMessage" (
    "id" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "fromOperator" BOOLEAN NOT NULL,
    "authorUserId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OperatorMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OperatorRequest_status_lastMessageAt_idx" ON "OperatorRequest"("status", "lastMessageAt");

-- CreateIndex
CREATE INDEX "OperatorMessage_requestId_createdAt_idx" ON "OperatorMessage"("requestId", "createdAt");

-- AddForeignKey
ALTER TABLE "OperatorMessage" ADD CONSTRAINT "OperatorMessage_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "OperatorRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
