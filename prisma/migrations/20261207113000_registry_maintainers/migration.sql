-- The GA4GH registry maintainers a publisher states in the editor (agent.json has no place for them): on the draft until published, then on the agent
-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "registryMaintainers" JSONB;

-- AlterTable
ALTER TABLE "AgentDraft" ADD COLUMN     "maintainers" JSONB;
