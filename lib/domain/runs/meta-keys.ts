// The `_meta` keys Explore sends with every tools/call (adapters accept any key ending in execution_id).
export const META_EXECUTION_ID = "io.explore/execution_id";
export const META_CAPABILITY_ID = "io.explore/capability_id";
export const META_CONSUMER_ID = "io.explore/consumer_id";
