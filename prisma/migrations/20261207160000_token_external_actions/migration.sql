-- A token may run external actions, each confirmed by a person through MCP elicitation. Tokens made before
-- allow none (lib/gateway/token-scope.ts).
ALTER TABLE "ApiToken" ADD COLUMN "externalActions" BOOLEAN NOT NULL DEFAULT false;
