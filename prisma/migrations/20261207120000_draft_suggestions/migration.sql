-- Suggestions (Connect) awaiting the publisher's confirmation, kept beside the draft
-- AlterTable
ALTER TABLE "AgentDraft" ADD COLUMN     "suggestions" JSONB;
