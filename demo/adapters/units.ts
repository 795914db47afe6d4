import { z } from "zod";
import { defineTool, round, TRANSFORMATION, type DemoTool } from "./tool-kit";

// Factors to the base unit of each dimension (metre, kilogram, litre).
const LENGTH = { mm: 0.001, cm: 0.01, m: 1, km: 1000, in: 0.0254, ft: 0.3048, yd: 0.9144, mi: 1609.344, nmi: 1852 } as const;
const MASS = { mg: 1e-6, g: 0.001, kg: 1, t: 1000, oz: 0.028349523125, lb: 0.45359237, st: 6.35029318 } as const;
const VOLUME = {
  ml: 0.001,
  cl: 0.01,
  l: 1,
  m3: 1000,
  tsp: 0.00492892159375,
  tbsp: 0.01478676478125,
  fl_oz: 0.0295735295625,
  cup: 0.2365882365,
  pt: 0.473176473,
  qt: 0.946352946,
  gal: 3.785411784,
  imp_gal: 4.54609,
} as const;

type FactorTable = Record<string, number>;

function factorConverter<T extends FactorTable>(table: T, name: string, title: string, dimension: string): DemoTool {
  const units = z.enum(Object.keys(table));
  return defineTool({
    name,
    title,
    description: `Converts a ${dimension} between units (${Object.keys(table).join(", ")}).`,
    input: z.object({
      value: z.number().describe(`The ${dimension} to convert.`),
      from: units.describe("Unit of the value."),
      to: units.describe("Unit to convert to."),
    }),
    output: z.object({
      value: z.number(),
      from: z.string(),
      to: z.string(),
      result: z.number().describe("The converted value, rounded to 9 decimal places."),
      formula: z.string(),
    }),
    hints: TRANSFORMATION,
    run({ value, from, to }) {
      const fromFactor = table[from] ?? 1;
      const toFactor = table[to] ?? 1;
      const factor = fromFactor / toFactor;
      return { value, from, to, result: round(value * factor, 9), formula: `${to} = ${from} × ${round(factor, 12)}` };
    },
  });
}

const TEMPERATURE_UNITS = ["C", "F", "K"] as const;
type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

function toKelvin(value: number, unit: TemperatureUnit): number {
  if (unit === "C") return value + 273.15;
  if (unit === "F") return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(kelvin: number, unit: TemperatureUnit): number {
  if (unit === "C") return kelvin - 273.15;
  if (unit === "F") return ((kelvin - 273.15) * 9) / 5 + 32;
  return kelvin;
}

const convertTemperature = defineTool({
  name: "convert_temperature",
  title: "Convert temperature",
  description: "Converts a temperature between Celsius (C), Fahrenheit (F) and Kelvin (K).",
  input: z.object({
    value: z.number().describe("The temperature to convert."),
    from: z.enum(TEMPERATURE_UNITS),
    to: z.enum(TEMPERATURE_UNITS),
  }),
  output: z.object({
    value: z.number(),
    from: z.string(),
    to: z.string(),
    result: z.number(),
    below_absolute_zero: z.boolean(),
  }),
  hints: TRANSFORMATION,
  run({ value, from, to }) {
    const kelvin = toKelvin(value, from);
    return { value, from, to, result: round(fromKelvin(kelvin, to), 9), below_absolute_zero: kelvin < 0 };
  },
});

export const unitTools: DemoTool[] = [
  factorConverter(LENGTH, "convert_length", "Convert length", "length"),
  factorConverter(MASS, "convert_mass", "Convert mass", "mass"),
  convertTemperature,
  factorConverter(VOLUME, "convert_volume", "Convert volume", "volume"),
];
