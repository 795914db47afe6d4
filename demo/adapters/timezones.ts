import { z } from "zod";
import { defineTool, READ_ONLY, TRANSFORMATION, ToolInputError, type DemoTool } from "./tool-kit";

const zone = z.string().min(1).max(64).describe("IANA time zone, e.g. America/Los_Angeles or Europe/Berlin.");
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/)
  .describe("Wall-clock date and time without offset, e.g. 2025-03-10T09:00.");

function requireZone(name: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new ToolInputError(`${name} is not a known IANA time zone.`);
  }
}

/** Offset of a zone from UTC at an instant, in minutes. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date(instant));
  const name = parts.find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const sign = match[1] === "-" ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3]));
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function wallClock(instant: number, timeZone: string): string {
  const local = new Date(instant + offsetMinutes(instant, timeZone) * 60_000);
  return local.toISOString().slice(0, 19);
}

// A wall-clock time in a zone → the instant; two passes settle the offset around DST changes.
function toInstant(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) throw new ToolInputError(`${local} is not a valid date and time.`);
  let instant = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  instant = asUtc - offsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

const zoneTime = z.object({ zone: z.string(), local: z.string(), utc_offset: z.string(), weekday: z.string() });

function describe(instant: number, timeZone: string) {
  return {
    zone: timeZone,
    local: wallClock(instant, timeZone),
    utc_offset: formatOffset(offsetMinutes(instant, timeZone)),
    weekday: new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long" }).format(new Date(instant)),
  };
}

const convertTime = defineTool({
  name: "convert_time",
  title: "Convert a time between zones",
  description: "Converts a wall-clock date and time from one IANA time zone to another, daylight saving included.",
  input: z.object({ datetime: localDateTime, from_zone: zone, to_zone: zone }),
  output: z.object({ utc: z.string(), from: zoneTime, to: zoneTime, difference_hours: z.number() }),
  hints: TRANSFORMATION,
  run({ datetime, from_zone, to_zone }) {
    const from = requireZone(from_zone);
    const to = requireZone(to_zone);
    const instant = toInstant(datetime, from);
    return {
      utc: new Date(instant).toISOString(),
      from: describe(instant, from),
      to: describe(instant, to),
      difference_hours: (offsetMinutes(instant, to) - offsetMinutes(instant, from)) / 60,
    };
  },
});

const worldClock = defineTool({
  name: "world_clock",
  title: "World clock",
  description: "Tells the current local time in up to 12 IANA time zones.",
  input: z.object({ zones: z.array(zone).min(1).max(12) }),
  output: z.object({ utc: z.string(), clocks: z.array(zoneTime) }),
  hints: READ_ONLY,
  run({ zones }) {
    const now = Date.now();
    return { utc: new Date(now).toISOString(), clocks: zones.map((name) => describe(now, requireZone(name))) };
  },
});

const meetingOverlap = defineTool({
  name: "meeting_overlap",
  title: "Working-hours overlap",
  description: "On a given date, finds the UTC hours when every listed zone is inside its working hours.",
  input: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    zones: z.array(zone).min(2).max(8),
    start_hour: z.number().int().min(0).max(23).default(9),
    end_hour: z.number().int().min(1).max(24).default(17),
  }),
  output: z.object({
    date: z.string(),
    overlap_hours: z.number().int(),
    slots: z.array(z.object({ utc_start: z.string(), local: z.array(zoneTime) })),
  }),
  hints: TRANSFORMATION,
  run({ date, zones, start_hour, end_hour }) {
    const names = zones.map(requireZone);
    const dayStart = Date.parse(`${date}T00:00:00Z`);
    if (Number.isNaN(dayStart)) throw new ToolInputError(`${date} is not a valid date.`);
    const slots = [];
    for (let hour = 0; hour < 24; hour += 1) {
      const instant = dayStart + hour * 3_600_000;
      const inside = names.every((name) => {
        const localHour = Number(wallClock(instant, name).slice(11, 13));
        return localHour >= start_hour && localHour < end_hour;
      });
      if (inside) slots.push({ utc_start: new Date(instant).toISOString(), local: names.map((name) => describe(instant, name)) });
    }
    return { date, overlap_hours: slots.length, slots };
  },
});

export const timezoneTools: DemoTool[] = [convertTime, worldClock, meetingOverlap];
