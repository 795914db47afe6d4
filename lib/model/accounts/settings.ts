import "server-only";
import { db } from "@/lib/foundations/db/client";
import { isAdultOn } from "./age";
import type { AgeInput } from "./settings-input";

// The viewer's own settings. Each write is keyed by the viewer's id: nobody writes another's settings.

/** 18+ can only be on for someone whose stated date of birth makes them an adult today. */
export function settledShowMature(input: AgeInput, now: Date): boolean {
  return input.showMature && input.dateOfBirth !== null && isAdultOn(input.dateOfBirth, now);
}

/**
 * Saves the date of birth and the 18+ switch in one write: a date of birth that makes the viewer a
 * minor switches 18+ off in the same update.
 */
export async function saveAgeSettings(viewerId: string, input: AgeInput, now: Date = new Date()): Promise<{ showMature: boolean }> {
  const showMature = settledShowMature(input, now);
  await db.user.update({ where: { id: viewerId }, data: { dateOfBirth: input.dateOfBirth, showMature } });
  return { showMature };
}
