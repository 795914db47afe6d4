import type { NewNote } from "@/lib/domain/network/board";

/** An anonymous, unsigned note of `content`, with `fields` set as given. */
export function newNote(content: string, fields: Partial<NewNote> = {}): NewNote {
  return { content, topic: null, tags: [], author: null, handleToken: null, expiresInDays: null, keyId: null, signature: null, ...fields };
}
