import { z } from "zod";

/** The body an adapter POSTs to announce its endpoint; the OpenAPI document's AnnouncementRequest too. */
export const announcementSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "must be the adapter's URL (https://…)" }).max(2048),
});
