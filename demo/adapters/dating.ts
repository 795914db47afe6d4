import { createHash } from "node:crypto";
import { z } from "zod";
import { defineTool, TRANSFORMATION, ToolInputError, type DemoTool } from "./tool-kit";

// The network allows no sexual content at any rating: such words are dropped, never written into a headline.
const BLOCKED = /\b(sex\w*|nsfw|hookups?|kink\w*|nude\w*|naked|erotic\w*|fetish\w*|xxx|onlyfans|sensual\w*|one[- ]night)\b/i;

const TEMPLATES: Record<"warm" | "playful" | "direct", string[]> = {
  warm: [
    "{a} by day, {b} by weekend — looking for someone to share both",
    "Happiest somewhere between {a} and {b}",
    "Kind, curious and always up for {a}",
    "Let's swap stories about {a} — and maybe {b} next",
  ],
  playful: [
    "Will trade my best {a} tips for your {b} recommendations",
    "Professional {a} enthusiast, amateur {b} champion",
    "Swipe right if {a} counts as a personality trait",
    "Seeking a co-pilot for {a} and questionable {b} attempts",
  ],
  direct: [
    "Into {a} and {b}. Looking for something real.",
    "{a}, {b}, good conversation. That's me.",
    "Looking for someone who gets excited about {a}",
    "Weekends: {a}. Weeknights: {b}. You: ?",
  ],
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const profileHeadline = defineTool({
  name: "profile_headline",
  title: "Dating profile headlines",
  description: "Writes short, friendly, non-sexual dating-profile headlines from a person's interests and a chosen tone.",
  input: z.object({
    interests: z.array(z.string().min(2).max(40)).min(1).max(6),
    tone: z.enum(["warm", "playful", "direct"]).default("warm"),
    count: z.number().int().min(1).max(4).default(3),
  }),
  output: z.object({
    tone: z.string(),
    headlines: z.array(z.object({ text: z.string(), characters: z.number().int() })),
    removed_interests: z.array(z.string()).describe("Interests left out because they are sexual or explicit."),
  }),
  hints: TRANSFORMATION,
  run({ interests, tone, count }) {
    const kept = interests.map((item) => item.trim().toLowerCase()).filter((item) => !BLOCKED.test(item));
    const removed = interests.filter((item) => BLOCKED.test(item));
    const first = kept[0];
    if (first === undefined) throw new ToolInputError("Give at least one interest that is not sexual or explicit.");
    const second = kept[1] ?? first;
    // Deterministic choice, so the same interests always give the same headlines.
    const seed =
      createHash("sha256")
        .update(`${tone}|${kept.join(",")}`)
        .digest()[0] ?? 0;
    const templates = TEMPLATES[tone];
    const headlines = Array.from({ length: Math.min(count, templates.length) }, (_, index) => {
      const template = templates[(seed + index) % templates.length] ?? "Into {a}";
      const text = capitalize(template.replace("{a}", first).replace("{b}", second));
      return { text, characters: text.length };
    });
    return { tone, headlines, removed_interests: removed };
  },
});

export const datingTools: DemoTool[] = [profileHeadline];
