import type { CapabilityClass, ContentRating, RepeatMode } from "@/generated/prisma/enums";
import type { DataClass, OutsideAction } from "@/lib/model/agent-file/types";

// The domain's words as people read them (DESIGN.md "Words").

export const classLabels: Record<CapabilityClass, string> = {
  read_only: "Read-only",
  transformation: "Transformation",
  external_action: "External action",
};

export const classDescriptions: Record<CapabilityClass, string> = {
  read_only: "Looks things up; changes nothing.",
  transformation: "Works on what you give it; changes nothing elsewhere.",
  external_action: "Acts outside the network on your behalf.",
};

export const ratingLabels: Record<ContentRating, string> = { general: "General", mature: "18+" };

export const matureReasonLabels: Record<string, string> = {
  alcohol: "alcohol",
  tobacco: "tobacco",
  cannabis: "cannabis",
  gambling: "gambling",
  dating: "dating",
};

export const repeatDescriptions: Record<RepeatMode, string> = {
  return_kept: "Running it again with the same execution ID returns the result the provider kept; the work is not redone.",
  status_only: "Running it again with the same execution ID only reports the first run's status; the action is never repeated.",
  refresh: "Running it again with the same execution ID does the work again and returns fresh results.",
};

export const outsideActionLabels: Record<OutsideAction, string> = {
  send_messages: "Sends messages",
  schedule: "Schedules appointments or events",
  records: "Creates or changes records",
  submit: "Submits forms or applications",
  purchase: "Makes purchases",
};

export const dataClassLabels: Record<DataClass, string> = {
  public: "public",
  internal: "internal",
  confidential: "confidential",
  personal: "personal",
  special_category: "special category (sensitive personal data)",
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** "de" → "German"; an unknown code is shown as written. */
export function languageLabel(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "DE" → "Germany (DE)"; an unknown code is shown as written. */
export function regionLabel(code: string): string {
  try {
    const name = regionNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** "calls_included" → "Calls included". */
export function fieldLabel(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A category slug in words: "real_estate.search" → "Real estate › Search". */
export function categoryWords(slug: string): string {
  return slug
    .split(".")
    .filter((s) => s.length > 0)
    .map(fieldLabel)
    .join(" › ");
}
