import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocalTime, localText, utcText } from "./local-time";

// Dates in the reader's zone: the server's HTML is a stable UTC text (what hydration sees first), the
// browser's text is the reader's locale and zone.

const iso = "2027-01-03T23:30:00.000Z";

describe("LocalTime", () => {
  it("renders a machine-readable <time> with a UTC text on the server", () => {
    const html = renderToString(<LocalTime iso={iso} withTime />);
    expect(html).toContain(`dateTime="${iso}"`);
    expect(html).toContain("3 January 2027 at 23:30 UTC");
    expect(renderToString(<LocalTime iso={iso} />)).toContain(">3 January 2027</time>");
  });

  it("gives the reader's own day and hour in their zone", () => {
    expect(localText(iso, true, "en-US", "America/New_York")).toBe("January 3, 2027 at 6:30 PM");
    // Already the next day in Berlin.
    expect(localText(iso, false, "de-DE", "Europe/Berlin")).toBe("4. Januar 2027");
  });

  it("leaves a text it cannot read as it is", () => {
    expect(utcText("not a date", true)).toBe("not a date");
    expect(localText("not a date", false)).toBe("not a date");
  });
});
