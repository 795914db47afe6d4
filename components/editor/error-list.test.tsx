import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PlacedError } from "@/lib/domain/publishing/draft-check";
import { SUGGESTION_PREFIX } from "@/lib/domain/publishing/suggestions";
import { ErrorList } from "./error-list";

// Confirming a suggestion without JavaScript: the chosen path must reach the action as a field of the editor's form.
// React drops a button's name and value when its formAction is a function, so the path travels in a radio, and the
// one button submits the form's own action with intent=confirm.

function problem(path: string, message: string): PlacedError {
  return { path, message, from: 0, to: 0, line: 1, column: 1, syntax: false };
}

const errors = [
  problem("/agent/handle", "must be a handle"),
  problem("/capabilities/0/class", `${SUGGESTION_PREFIX} ("transformation"): why. Confirm it, or change it.`),
  problem("/execution_mode", `${SUGGESTION_PREFIX} ("storage_free"): why. Confirm it, or change it.`),
];

const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, "g")) ?? [];

describe("the error list", () => {
  it("without JavaScript, names each suggestion with a radio (the first chosen) and confirms the chosen one with one button", () => {
    const html = renderToStaticMarkup(<ErrorList errors={errors} onJump={null} onConfirm={null} />);
    const radios = tags(html, "input");
    expect(radios).toHaveLength(2);
    expect(radios[0]).toMatch(/type="radio"/);
    expect(radios[0]).toMatch(/name="path"/);
    expect(radios[0]).toMatch(/value="\/capabilities\/0\/class"/);
    expect(radios[0]).toMatch(/checked=""/);
    expect(radios[1]).toMatch(/value="\/execution_mode"/);
    expect(radios[1]).not.toMatch(/checked/);
    // Each radio is labelled with the path it confirms.
    expect(html).toMatch(/<label[^>]*><input[^>]*value="\/execution_mode"[^>]*\/>Confirm<span class="sr-only"> \/execution_mode<\/span><\/label>/);
    const buttons = tags(html, "button");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toMatch(/type="submit"/);
    expect(buttons[0]).toMatch(/name="intent"/);
    expect(buttons[0]).toMatch(/value="confirm"/);
    expect(buttons[0]).not.toMatch(/formAction/i);
    expect(html).toContain(">Confirm the chosen suggestion</button>");
  });

  it("with JavaScript, keeps a Confirm button per suggestion and no radio", () => {
    const html = renderToStaticMarkup(<ErrorList errors={errors} onJump={() => {}} onConfirm={() => {}} />);
    expect(tags(html, "input")).toHaveLength(0);
    expect(html).not.toContain("Confirm the chosen suggestion");
    expect(html).toContain('Confirm<span class="sr-only"> /capabilities/0/class</span></button>');
    expect(html).toContain('Confirm<span class="sr-only"> /execution_mode</span></button>');
  });

  it("offers no confirmation when no value is a suggestion", () => {
    const html = renderToStaticMarkup(<ErrorList errors={errors.slice(0, 1)} onJump={null} onConfirm={null} />);
    expect(tags(html, "input")).toHaveLength(0);
    expect(tags(html, "button")).toHaveLength(0);
  });
});
