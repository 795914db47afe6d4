import type { ChangeSpec } from "@codemirror/state";

/**
 * The one range that differs between the view's text and a form edit's: what is the same at both ends is
 * left in place, so CodeMirror maps the cursor, the selection and the scroll position through the change
 * instead of losing them to a whole-document replacement.
 */
export function textChange(before: string, after: string): ChangeSpec & { from: number; to: number; insert: string } {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
