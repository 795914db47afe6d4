import { describe, expect, it } from "vitest";
import { choiceName, humanize, plainFormErrors, uiSchemaFor } from "./form-ui";

describe("the generated form's words", () => {
  it("spells out field names and codes", () => {
    expect(humanize("min_beds")).toBe("Min beds");
    expect(humanize("areaRef")).toBe("Area ref");
    expect(humanize("user-id")).toBe("User ID");
    expect(choiceName("price_asc")).toBe("Price (low to high)");
    expect(choiceName("newest_first")).toBe("Newest first");
    expect(choiceName("F")).toBe("F");
    expect(choiceName(3)).toBe("3");
  });

  it("labels untitled fields, names coded choices, keeps the schema's own words, and hides what Explore fills", () => {
    const ui = uiSchemaFor(
      {
        type: "object",
        properties: {
          min_beds: { type: "integer" },
          sort: { type: "string", enum: ["price_asc", "price_desc"] },
          grade: { type: "string", enum: ["A", "B"] },
          area: { type: "string", title: "Area code" },
          filters: { type: "object", properties: { max_price: { type: "number" } } },
          idempotency_key: { type: "string" },
        },
      },
      ["idempotency_key"],
    );
    expect(ui).toEqual({
      min_beds: { "ui:title": "Min beds" },
      sort: { "ui:title": "Sort", "ui:enumNames": ["Price (low to high)", "Price (high to low)"] },
      grade: { "ui:title": "Grade" },
      filters: { "ui:title": "Filters", max_price: { "ui:title": "Max price" } },
      idempotency_key: { "ui:widget": "hidden" },
    });
  });

  it("rewrites the form library's messages in the server's words", () => {
    const [missing, choice] = plainFormErrors([
      { name: "required", params: { missingProperty: "value" }, message: "must have required property 'value'", property: ".value", stack: "", schemaPath: "" },
      { name: "enum", params: { allowedValues: ["a", "b"] }, message: "must be equal to one of the allowed values", property: ".x", stack: "", schemaPath: "" },
    ]);
    expect(missing?.message).toBe("is required");
    expect(choice?.message).toBe("must be one of: “a”, “b”");
  });
});
