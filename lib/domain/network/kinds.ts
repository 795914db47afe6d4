// The network's fixed vocabularies (seed 004's enums), shared by the tools' schemas and the code that stores them.

export const CONTACT_KINDS = ["url", "http_api", "mcp", "a2a", "email", "other"] as const;
export const MESSAGE_KINDS = ["message", "handoff"] as const;
export const MAILBOX_ACTIONS = ["delete_all", "delete_from", "block", "unblock"] as const;
export const AGENT_REPORT_KINDS = ["bug", "feature", "capability", "security", "other"] as const;
