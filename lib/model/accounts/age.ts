// Age from a stated date of birth. "Today" is the UTC calendar date, so the answer is the same on
// every server; a person born on 29 February comes of age on 1 March in common years.

export const ADULT_AGE = 18;

/** Whole years between a date of birth and `now`, both read as UTC calendar dates. */
export function ageOn(dateOfBirth: Date, now: Date): number {
  let age = now.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const month = now.getUTCMonth() - dateOfBirth.getUTCMonth();
  if (month < 0 || (month === 0 && now.getUTCDate() < dateOfBirth.getUTCDate())) age -= 1;
  return age;
}

export function isAdultOn(dateOfBirth: Date, now: Date): boolean {
  return ageOn(dateOfBirth, now) >= ADULT_AGE;
}
