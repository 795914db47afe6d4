import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ageOn, isAdultOn } from "./age";

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("age", () => {
  it("turns 18 on the 18th birthday, not the day before", () => {
    expect(isAdultOn(d("2008-06-15"), d("2026-06-14"))).toBe(false);
    expect(isAdultOn(d("2008-06-15"), new Date("2026-06-14T23:59:59Z"))).toBe(false);
    expect(isAdultOn(d("2008-06-15"), d("2026-06-15"))).toBe(true);
  });

  it("a 29 February birthday comes of age on 1 March in a common year", () => {
    expect(isAdultOn(d("2008-02-29"), d("2026-02-28"))).toBe(false);
    expect(isAdultOn(d("2008-02-29"), d("2026-03-01"))).toBe(true);
  });

  it("age grows by exactly one at each birthday", () => {
    fc.assert(
      fc.property(fc.date({ min: d("1900-01-01"), max: d("2030-12-31"), noInvalidDate: true }), fc.integer({ min: 1, max: 90 }), (dob, years) => {
        const birthday = new Date(Date.UTC(dob.getUTCFullYear() + years, dob.getUTCMonth(), dob.getUTCDate()));
        // Skip 29 February in common years (Date rolls it into March).
        fc.pre(birthday.getUTCDate() === dob.getUTCDate());
        const before = new Date(birthday.getTime() - 24 * 3600 * 1000);
        expect(ageOn(dob, birthday)).toBe(years);
        expect(ageOn(dob, before)).toBe(years - 1);
      }),
    );
  });
});
