import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesToErrors } from "@/lib/model/agent-file/errors";
import { problemsOf, sourcePath } from "./problems";

describe("a foreign document's problems", () => {
  it("gives an agent file and a foreign document the same words for a mistyped value", () => {
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
    const document = { name: 7, tags: "x" };
    const result = schema.safeParse(document);
    if (result.success) throw new Error("expected the document to fail");
    expect(issuesToErrors(result.error.issues, document).map((e) => e.message)).toEqual([
      "must be a string, not a whole number",
      "must be a list, not a string",
    ]);
    expect(problemsOf(result.error, document).map((p) => p.message)).toEqual(["must be a string, not a whole number", "must be a list, not a string"]);
  });

  it("are placed at the document's own paths, and said once", () => {
    expect(sourcePath(["capability_manifest", 2, "name"])).toBe("capability_manifest[2].name");
    const schema = z.object({ skills: z.array(z.object({ id: z.string() })) });
    const document = { skills: [{}] };
    const result = schema.safeParse(document);
    if (result.success) throw new Error("expected the document to fail");
    expect(problemsOf(result.error, document)).toEqual([{ path: "skills[0].id", message: "is required but missing" }]);
  });
});
