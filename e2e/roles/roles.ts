// The roles of the end-to-end suite (CONVENTIONS.md: one storage state per role). The setup project
// (e2e/roles.setup.ts) signs each in once through the real email link and saves its state here.
import path from "node:path";

export const storageDir = path.resolve(import.meta.dirname, "../../test-results/storage");

function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

export type RoleName = "signedOut" | "minor" | "adultOff" | "adultOn" | "publisherA" | "publisherB" | "admin";

export type Role = {
  name: RoleName;
  email: string | null;
  /** Set through the settings page during setup. */
  dateOfBirth: string | null;
  showMature: boolean;
  storageState: string;
};

/** Must match ADMIN_EMAILS in e2e/stack.ts. */
export const ADMIN_EMAIL = "admin@explore.test";

const role = (name: RoleName, email: string | null, dateOfBirth: string | null, showMature: boolean): Role => ({
  name,
  email,
  dateOfBirth,
  showMature,
  storageState: path.join(storageDir, `${name}.json`),
});

export const roles: Record<RoleName, Role> = {
  signedOut: role("signedOut", null, null, false),
  // 17 and 364 days: one day short of 18.
  minor: role("minor", "minor@explore.test", yearsAgo(18, 1), true),
  adultOff: role("adultOff", "adult-off@explore.test", "1990-01-15", false),
  adultOn: role("adultOn", "adult-on@explore.test", "1985-05-05", true),
  // Publishes the leak fixture (a mature listing and a suspended one); no date of birth, 18+ off.
  publisherA: role("publisherA", "publisher-a@explore.test", null, false),
  publisherB: role("publisherB", "publisher-b@explore.test", "1970-02-02", true),
  admin: role("admin", ADMIN_EMAIL, null, false),
};

/** The leak fixture, imported for publisher A by the setup (e2e/roles/leak-fixture.ts). */
export const leak = {
  handle: "@leak-fixture",
  publicName: "Harbour Chart Reader",
  publicId: "cap_leak_public",
  matureName: "Velvet Nightcap Finder",
  matureId: "cap_leak_mature",
  matureTag: "alcohol",
  suspendedName: "Quarantined Widget Helper",
  suspendedId: "cap_leak_suspended",
  suspendedTag: "astronomy",
  suspendedReason: "Misleading: it does not chart anything.",
} as const;
