// The network's canonical tags (tags.json) and how a publisher's words resolve to them.
// Two levels: a tag with a `parent` is a sub-category of that top-level tag, so it can also be
// written as a dotted path the way categories are ("communication.sms").
import tagList from "./tags.json";

export type Tag = { slug: string; label: string; aliases: string[]; parent?: string };

const TAGS: readonly Tag[] = tagList;

// Every slug and alias is a distinct word (tags.test.ts holds the list to that), so a word names one tag.
const BY_WORD = new Map<string, string>();
for (const tag of TAGS) {
  BY_WORD.set(tag.slug, tag.slug);
  for (const alias of tag.aliases) BY_WORD.set(alias, tag.slug);
}

/** "#Real Estate", "real-estate" and "REALESTATE" all become the same lookup word. */
export function normalizeTagWord(word: string): string {
  return word
    .trim()
    .replace(/^#+/u, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/gu, "_");
}

export function listTags(): readonly Tag[] {
  return TAGS;
}

export function isCanonicalTag(slug: string): boolean {
  return TAGS.some((tag) => tag.slug === slug);
}

const PARENT = new Map<string, string>();
for (const tag of TAGS) if (tag.parent !== undefined) PARENT.set(tag.slug, tag.parent);

/** The top-level tag a sub-category belongs to, or null for a top-level (or standalone) tag. */
export function parentTag(slug: string): string | null {
  return PARENT.get(slug) ?? null;
}

/**
 * The canonical slug a word (with or without #, any case, slug or alias) stands for, or null. A dotted
 * "parent.child" stands for the child when the child is a sub-category of that parent — either part may
 * be an alias — so "communication.sms" is #messaging, and "finance.sms" is nothing.
 */
export function resolveTag(word: string): string | null {
  const key = normalizeTagWord(word);
  if (key === "") return null;
  const direct = BY_WORD.get(key);
  if (direct !== undefined) return direct;
  const parts = key.split(".");
  if (parts.length !== 2) return null;
  const parent = BY_WORD.get(parts[0] ?? "");
  const child = BY_WORD.get(parts[1] ?? "");
  return parent !== undefined && child !== undefined && PARENT.get(child) === parent ? child : null;
}

// Optimal string alignment distance: edits, with a swap of neighbours counted as one.
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(rows - 1, cols - 1);
}

// A word that starts a tag's name ("foo" → football) is a better hint than its raw edit distance says.
function closeness(word: string, name: string): number {
  if (word.length >= 2 && name.startsWith(word)) return 0.5;
  if (name.length >= 3 && word.startsWith(name)) return 0.5;
  // Among equally distant names, one that starts with the same letter is the likelier intent.
  return editDistance(word, name) + (word[0] === name[0] ? 0 : 0.25);
}

// How far off a word may be and still be offered: short words must be nearly right.
function limitFor(key: string): number {
  return Math.max(2, Math.floor(key.length / 3)) + 0.25;
}

function nearness(key: string, tag: Tag): number {
  let score = closeness(key, tag.slug);
  for (const alias of tag.aliases) score = Math.min(score, closeness(key, alias));
  return score;
}

// A dotted word is measured against the tags' dotted paths, and its last part against the tags alone:
// "comunication.sms" is near communication.sms, and "finance.sms" still points at what sms means.
function dottedNearness(key: string, tag: Tag): number {
  const last = key.slice(key.lastIndexOf(".") + 1);
  const alone = last === "" ? Infinity : nearness(last, tag);
  // Each measure within its own limit, so one short last part does not stretch the whole word's.
  let score = alone <= limitFor(last) ? alone : Infinity;
  if (tag.parent !== undefined) {
    const parent = tag.parent;
    score = Math.min(score, closeness(key, `${parent}.${tag.slug}`));
    for (const alias of tag.aliases) score = Math.min(score, closeness(key, `${parent}.${alias}`));
  }
  return score;
}

/**
 * Up to n canonical slugs nearest to an unknown word, nearest first (ties by slug, so the same word
 * always gets the same hint); far-off tags are not offered.
 */
export function suggestTags(word: string, n = 3): string[] {
  const key = normalizeTagWord(word);
  if (key === "" || n <= 0) return [];
  const dotted = key.includes(".");
  const limit = limitFor(key);
  const scored: { slug: string; score: number }[] = [];
  for (const tag of TAGS) {
    const score = dotted ? dottedNearness(key, tag) : nearness(key, tag);
    if (score <= limit) scored.push({ slug: tag.slug, score });
  }
  scored.sort((x, y) => x.score - y.score || (x.slug < y.slug ? -1 : x.slug > y.slug ? 1 : 0));
  return scored.slice(0, n).map((s) => s.slug);
}
