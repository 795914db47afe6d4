import { describe, expect, it } from "vitest";
import { typoNotice } from "./typo-notice";

describe("typoNotice", () => {
  it("names the corrected words and the words as typed", () => {
    expect(typoNotice("mortage", [{ word: "mortage", corrected: "mortgage" }])).toEqual({
      shownFor: "mortgage",
      typed: "mortage",
      changed: [{ word: "mortage", corrected: "mortgage" }],
    });
  });

  it("keeps the other words and the separators as typed, and swaps the corrected word whatever its case", () => {
    const notice = typoNotice("Mortage  rates, Berlin", [
      { word: "mortage", corrected: "mortgage" },
      { word: "rates", corrected: null },
      { word: "berlin", corrected: null },
    ]);
    expect(notice?.shownFor).toBe("mortgage  rates, Berlin");
    expect(notice?.typed).toBe("Mortage  rates, Berlin");
  });

  it("says nothing when nothing was corrected, when a correction only completes a half-typed word, or without words", () => {
    expect(typoNotice("weather", [{ word: "weather", corrected: null }])).toBeNull();
    expect(typoNotice("mortg", [{ word: "mortg", corrected: "mortgage" }])).toBeNull();
    expect(typoNotice("wea", [{ word: "wea", corrected: "weather" }])).toBeNull();
    expect(typoNotice(null, [])).toBeNull();
    expect(typoNotice("wether", [])).toBeNull();
  });

  it("lists every corrected word in the query's order", () => {
    const notice = typoNotice("wether forcast", [
      { word: "wether", corrected: "weather" },
      { word: "forcast", corrected: "forecast" },
    ]);
    expect(notice?.changed.map((c) => c.corrected)).toEqual(["weather", "forecast"]);
    expect(notice?.shownFor).toBe("weather forecast");
  });
});
