-- CreateEnum
CREATE TYPE "AgentStatus" AS ENUM ('published', 'unpublished', 'suspended');

-- CreateEnum
CREATE TYPE "ContentRating" AS ENUM ('general', 'mature');

-- CreateEnum
CREATE TYPE "CapabilityClass" AS ENUM ('read_only', 'transformation', 'external_action');

-- CreateEnum
CREATE TYPE "RepeatMode" AS ENUM ('return_kept', 'status_only', 'refresh');

-- CreateEnum
CREATE TYPE "PlanType" AS ENUM ('free', 'per_call', 'subscription', 'pack');

-- CreateEnum
CREATE TYPE "ExecutionStatus" AS ENUM ('running', 'succeeded', 'tool_error', 'failed', 'timed_out', 'outcome_unknown', 'cancelled');

-- CreateEnum
CREATE TYPE "SampleTestStatus" AS ENUM ('passed', 'failed');

-- CreateEnum
CREATE TYPE "ReportReason" AS ENUM ('sexual_content', 'misleading', 'broken', 'other');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('open', 'dismissed', 'actioned');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" TIMESTAMP(3),
    "name" TEXT,
    "image" TEXT,
    "dateOfBirth" DATE,
    "showMature" BOOLEAN NOT NULL DEFAULT false,
    "dataRules" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Account" (
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("provider","providerAccountId")
);

-- CreateTable
CREATE TABLE "Session" (
    "sessionToken" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "VerificationToken" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VerificationToken_pkey" PRIMARY KEY ("identifier","token")
);

-- CreateTable
CREATE TABLE "DevMail" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DevMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "status" "AgentStatus" NOT NULL DEFAULT 'unpublished',
    "suspendedReason" TEXT,
    "ekl" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "executionMode" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "interests" TEXT[],
    "languages" TEXT[],
    "logoUrl" TEXT,
    "website" TEXT,
    "endpoint" TEXT NOT NULL,
    "endpointPending" BOOLEAN NOT NULL,
    "resultRetentionDays" INTEGER,
    "executionIdRetentionDays" INTEGER,
    "termsText" TEXT,
    "termsTextSha256" TEXT,
    "termsUrl" TEXT,
    "termsUrlSha256" TEXT,
    "termsFetchedAt" TIMESTAMP(3),
    "termsVersion" TEXT,
    "paymentLink" TEXT,
    "paymentNote" TEXT,
    "dataDeclared" BOOLEAN NOT NULL,
    "document" JSONB NOT NULL,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Capability" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "tool" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "contentRating" "ContentRating" NOT NULL,
    "matureReasons" TEXT[],
    "limitations" TEXT NOT NULL,
    "class" "CapabilityClass" NOT NULL,
    "repeat" "RepeatMode" NOT NULL,
    "refreshesPerExecution" INTEGER,
    "refreshesWithinHours" INTEGER,
    "storageFreeAccepted" BOOLEAN NOT NULL,
    "outsideAction" TEXT,
    "effects" JSONB,
    "cancellation" TEXT,
    "maxDurationSeconds" INTEGER,
    "inputSchema" JSONB,
    "outputSchema" JSONB,
    "data" JSONB NOT NULL,
    "version" TEXT NOT NULL,
    "example" JSONB,
    "offered" BOOLEAN NOT NULL,
    "needsConfirmation" BOOLEAN NOT NULL,
    "listed" BOOLEAN NOT NULL,
    "isPaid" BOOLEAN NOT NULL,
    "hasExample" BOOLEAN NOT NULL,
    "inputsRetained" BOOLEAN,
    "usedForTraining" BOOLEAN,
    "processingRegions" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Capability_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "planId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "type" "PlanType" NOT NULL,
    "extra" JSONB NOT NULL,
    "priceUsd" DECIMAL(12,4),
    "dailyLimit" INTEGER,

    CONSTRAINT "Plan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tag" (
    "slug" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "aliases" TEXT[],

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "CapabilityTag" (
    "capabilityId" TEXT NOT NULL,
    "tagSlug" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "CapabilityTag_pkey" PRIMARY KEY ("capabilityId","tagSlug")
);

-- CreateTable
CREATE TABLE "Execution" (
    "id" UUID NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "userId" TEXT,
    "status" "ExecutionStatus" NOT NULL DEFAULT 'running',
    "dryRun" BOOLEAN NOT NULL DEFAULT false,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,
    "argumentsSha256" TEXT NOT NULL,
    "resultSha256" TEXT,
    "message" TEXT,

    CONSTRAINT "Execution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SampleTest" (
    "id" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "capabilityVersion" TEXT NOT NULL,
    "status" "SampleTestStatus" NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "latencyMs" INTEGER,
    "failureReason" TEXT,
    "output" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SampleTest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Report" (
    "id" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" "ReportReason" NOT NULL,
    "comment" TEXT,
    "status" "ReportStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Report_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModerationDecision" (
    "id" TEXT NOT NULL,
    "adminEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "agentHandle" TEXT,
    "reportId" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModerationDecision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Session_sessionToken_key" ON "Session"("sessionToken");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "DevMail_createdAt_idx" ON "DevMail"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_handle_key" ON "Agent"("handle");

-- CreateIndex
CREATE INDEX "Agent_ownerId_idx" ON "Agent"("ownerId");

-- CreateIndex
CREATE INDEX "Agent_status_idx" ON "Agent"("status");

-- CreateIndex
CREATE INDEX "Capability_contentRating_listed_idx" ON "Capability"("contentRating", "listed");

-- CreateIndex
CREATE INDEX "Capability_category_idx" ON "Capability"("category");

-- CreateIndex
CREATE INDEX "Capability_class_idx" ON "Capability"("class");

-- CreateIndex
CREATE INDEX "Capability_createdAt_idx" ON "Capability"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Capability_agentId_capabilityId_key" ON "Capability"("agentId", "capabilityId");

-- CreateIndex
CREATE UNIQUE INDEX "Plan_capabilityId_planId_key" ON "Plan"("capabilityId", "planId");

-- CreateIndex
CREATE INDEX "CapabilityTag_tagSlug_idx" ON "CapabilityTag"("tagSlug");

-- CreateIndex
CREATE INDEX "Execution_userId_startedAt_idx" ON "Execution"("userId", "startedAt");

-- CreateIndex
CREATE INDEX "Execution_capabilityId_startedAt_idx" ON "Execution"("capabilityId", "startedAt");

-- CreateIndex
CREATE INDEX "SampleTest_capabilityId_startedAt_idx" ON "SampleTest"("capabilityId", "startedAt");

-- CreateIndex
CREATE INDEX "Report_status_createdAt_idx" ON "Report"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Capability" ADD CONSTRAINT "Capability_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Plan" ADD CONSTRAINT "Plan_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CapabilityTag" ADD CONSTRAINT "CapabilityTag_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CapabilityTag" ADD CONSTRAINT "CapabilityTag_tagSlug_fkey" FOREIGN KEY ("tagSlug") REFERENCES "Tag"("slug") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SampleTest" ADD CONSTRAINT "SampleTest_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_capabilityId_fkey" FOREIGN KEY ("capabilityId") REFERENCES "Capability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
