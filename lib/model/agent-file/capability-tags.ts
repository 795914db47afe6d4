import { toPointer } from "./errors";
import type { CapabilityInput } from "./schema";
import { resolveTag, suggestTags } from "./tags";
import type { AgentFileError } from "./types";

export const MAX_TAGS = 7;

function quoteList(slugs: readonly string[]): string {
  const tags = slugs.map((slug) => `#${slug}`);
  if (tags.length <= 1) return tags.join("");
  return `${tags.slice(0, -1).join(", ")} or ${tags[tags.length - 1] ?? ""}`;
}

function unknownTagMessage(word: string): string {
  const suggestions = suggestTags(word);
  const hint = suggestions.length > 0 ? `did you mean ${quoteList(suggestions)}?` : "it is not one of the network's tags";
  return `unknown tag ${JSON.stringify(word)}; ${hint}`;
}

/** Rule 8: the category's tag first, then the capability's own tags, each once. */
export function resolveCapabilityTags(capability: CapabilityInput, at: (string | number)[], errors: AgentFileError[]): string[] {
  const tags: string[] = [];
  const segment = capability.category.split(".")[0] ?? "";
  const categoryTag = resolveTag(segment);
  if (categoryTag === null) {
    const hint = suggestTags(segment);
    errors.push({
      path: toPointer([...at, "category"]),
      message:
        `the category's first part ${JSON.stringify(segment)} is not one of the network's tags` + (hint.length > 0 ? `; did you mean ${quoteList(hint)}?` : ""),
    });
  } else {
    tags.push(categoryTag);
  }
  (capability.tags ?? []).forEach((word, i) => {
    const slug = resolveTag(word);
    if (slug === null) errors.push({ path: toPointer([...at, "tags", i]), message: unknownTagMessage(word) });
    else if (!tags.includes(slug)) tags.push(slug);
  });
  if (tags.length > MAX_TAGS) {
    errors.push({
      path: toPointer([...at, "tags"]),
      message: `has ${tags.length} different tags counting the category's; at most ${MAX_TAGS} are allowed`,
    });
  }
  return tags;
}
