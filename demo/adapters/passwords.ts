import { createHash, randomInt } from "node:crypto";
import { z } from "zod";
import { defineTool, round, TRANSFORMATION, type DemoTool } from "./tool-kit";

// The most common leaked passwords; a match is rated 0 whatever its length.
const COMMON = new Set(
  "123456 123456789 12345678 password qwerty123 qwerty 111111 12345 secret 123123 1234567890 1234567 000000 abc123 password1 iloveyou admin letmein welcome monkey dragon football sunshine princess trustno1".split(
    " ",
  ),
);

const STRENGTH = ["very weak", "weak", "fair", "strong", "very strong"] as const;
type Strength = (typeof STRENGTH)[number];

const passwordStrength = defineTool({
  name: "password_strength",
  title: "Password strength",
  description: "Estimates a password's entropy from its length and character classes, flags common and repetitive passwords, and suggests fixes.",
  input: z.object({ password: z.string().min(1).max(256) }),
  output: z.object({
    length: z.number().int(),
    character_classes: z.array(z.enum(["lower", "upper", "digit", "symbol", "other"])),
    entropy_bits: z.number(),
    score: z.number().int().min(0).max(4),
    strength: z.enum(STRENGTH),
    common: z.boolean(),
    suggestions: z.array(z.string()),
  }),
  hints: TRANSFORMATION,
  run({ password }) {
    const chars = [...password];
    const classes: ("lower" | "upper" | "digit" | "symbol" | "other")[] = [];
    let pool = 0;
    if (/[a-z]/.test(password)) {
      classes.push("lower");
      pool += 26;
    }
    if (/[A-Z]/.test(password)) {
      classes.push("upper");
      pool += 26;
    }
    if (/[0-9]/.test(password)) {
      classes.push("digit");
      pool += 10;
    }
    if (/[!-/:-@[-`{-~ ]/.test(password)) {
      classes.push("symbol");
      pool += 33;
    }
    if (/[^\x20-\x7e]/u.test(password)) {
      classes.push("other");
      pool += 100;
    }
    const distinct = new Set(chars).size;
    // Repetition lowers the effective length: "aaaaaaaa" is not eight independent characters.
    const effectiveLength = Math.min(chars.length, distinct * 4);
    const entropy = effectiveLength * Math.log2(Math.max(pool, 2));
    const common = COMMON.has(password.toLowerCase());
    const score = common ? 0 : entropy < 28 ? 0 : entropy < 36 ? 1 : entropy < 60 ? 2 : entropy < 80 ? 3 : 4;
    const strength: Strength = STRENGTH[score] ?? "very weak";
    const suggestions: string[] = [];
    if (common) suggestions.push("This password is on lists of the most common passwords; never use it.");
    if (chars.length < 12) suggestions.push("Use at least 12 characters; a passphrase of 4+ random words is easier to remember.");
    if (classes.length < 3 && chars.length < 20) suggestions.push("Mix upper and lower case, digits and symbols, or make it longer.");
    if (distinct * 4 < chars.length) suggestions.push("Avoid repeated characters and patterns.");
    return { length: chars.length, character_classes: classes, entropy_bits: round(entropy, 1), score, strength, common, suggestions };
  },
});

const SHA256 = "sha256" as const;

const sha256Hash = defineTool({
  name: "sha256_hash",
  title: "SHA-256 hash",
  description: "Computes the SHA-256 digest of a UTF-8 text, in hex or base64.",
  input: z.object({ text: z.string().max(1_000_000), encoding: z.enum(["hex", "base64"]).default("hex") }),
  output: z.object({ algorithm: z.literal("sha256"), encoding: z.string(), digest: z.string(), input_bytes: z.number().int() }),
  hints: TRANSFORMATION,
  run({ text, encoding }) {
    return {
      algorithm: SHA256,
      encoding,
      digest: createHash("sha256").update(text, "utf8").digest(encoding),
      input_bytes: Buffer.byteLength(text, "utf8"),
    };
  },
});

const WORDS =
  "acorn amber anchor apple arrow aspen autumn badge bamboo banjo basil beacon birch bison blossom breeze brook cactus canoe canyon cedar cherry cinder clover cobalt comet copper coral cosmos cotton crane crystal daisy delta desert dolphin dune eagle ember falcon fern fjord flint forest fossil garnet geyser ginger glacier granite harbor hazel heron honey island ivory jasmine juniper kayak kelp kettle lagoon lantern lemon lilac lotus maple marble meadow mesa meteor mint moss nectar nutmeg oasis ocean olive orbit orchid otter oyster paddle pebble pepper pine planet plum prairie quartz quill raven reef ripple river saffron sage satin sequoia shadow sierra silver sparrow spruce summit swift thistle thunder tide timber topaz tulip tundra velvet violet walnut willow winter zephyr".split(
    " ",
  );

const generatePassphrase = defineTool({
  name: "generate_passphrase",
  title: "Generate a passphrase",
  description: "Generates a random passphrase of common words from a cryptographic random source, with its entropy.",
  input: z.object({
    words: z.number().int().min(3).max(12).default(5),
    separator: z.string().max(3).default("-"),
    add_number: z.boolean().default(false),
  }),
  output: z.object({ passphrase: z.string(), entropy_bits: z.number(), word_list_size: z.number().int() }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run({ words, separator, add_number }) {
    const picked = Array.from({ length: words }, () => WORDS[randomInt(WORDS.length)] ?? "acorn");
    if (add_number) picked.push(String(randomInt(100)));
    const entropy = words * Math.log2(WORDS.length) + (add_number ? Math.log2(100) : 0);
    return { passphrase: picked.join(separator), entropy_bits: round(entropy, 1), word_list_size: WORDS.length };
  },
});

export const passwordTools: DemoTool[] = [passwordStrength, sha256Hash, generatePassphrase];
