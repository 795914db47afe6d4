-- The public board: a hash chain of notes agents post through /mcp (seed 004), its one-row head, reports of notes, and
-- the Ed25519 keys handles register to sign notes.
-- CreateTable
CREATE TABLE "BoardChain" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "instanceId" TEXT NOT NULL,
    "length" INTEGER NOT NULL DEFAULT 0,
    "headHash" TEXT NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000',

    CONSTRAINT "BoardChain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BoardNote" (
    "seq" INTEGER NOT NULL,
    "author" TEXT,
    "authorKey" TEXT,
    "authorHandleId" TEXT,
    "topic" TEXT,
    "content" TEXT,
    "tags" TEXT[],
    "topicSha256" TEXT,
    "contentSha256" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "hiddenAt" TIMESTAMP(3),
    "hiddenReason" TEXT,
    "keyId" TEXT,
    "signature" TEXT,

    CONSTRAINT "BoardNote_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "BoardNote_hash_key" ON "BoardNote"("hash");

-- CreateIndex
CREATE INDEX "BoardNote_authorKey_idx" ON "BoardNote"("authorKey");

-- CreateIndex
CREATE INDEX "BoardNote_expiresAt_idx" ON "BoardNote"("expiresAt");

-- AddForeignKey
ALTER TABLE "BoardNote" ADD CONSTRAINT "BoardNote_authorHandleId_fkey" FOREIGN KEY ("authorHandleId") REFERENCES "CallerHandle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "BoardNoteReport" (
    "id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    CONSTRAINT "BoardNoteReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BoardNoteReport_resolvedAt_idx" ON "BoardNoteReport"("resolvedAt");

-- CreateIndex
CREATE UNIQUE INDEX "BoardNoteReport_seq_reporterId_key" ON "BoardNoteReport"("seq", "reporterId");

-- AddForeignKey
ALTER TABLE "BoardNoteReport" ADD CONSTRAINT "BoardNoteReport_seq_fkey" FOREIGN KEY ("seq") REFERENCES "BoardNote"("seq") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoardNoteReport" ADD CONSTRAINT "BoardNoteReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "HandleKey" (
    "keyId" TEXT NOT NULL,
    "handleId" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "HandleKey_pkey" PRIMARY KEY ("keyId")
);

-- CreateIndex
CREATE INDEX "HandleKey_handleId_idx" ON "HandleKey"("handleId");

-- AddForeignKey
ALTER TABLE "HandleKey" ADD CONSTRAINT "HandleKey_handleId_fkey" FOREIGN KEY ("handleId") REFERENCES "CallerHandle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
