import { z } from "zod";
import { defineTool, round, TRANSFORMATION, ToolInputError, type DemoTool } from "./tool-kit";

type Rgb = { r: number; g: number; b: number };
type Hsl = { h: number; s: number; l: number };

function hslToRgb({ h, s, l }: Hsl): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const light = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: round(light * 100, 1) };
  const sat = delta / (1 - Math.abs(2 * light - 1));
  let hue = max === rn ? ((gn - bn) / delta) % 6 : max === gn ? (bn - rn) / delta + 2 : (rn - gn) / delta + 4;
  hue *= 60;
  if (hue < 0) hue += 360;
  return { h: round(hue, 1), s: round(sat * 100, 1), l: round(light * 100, 1) };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((part) => part.toString(16).padStart(2, "0")).join("")}`;
}

function parseColor(input: string): Rgb {
  const text = input.trim().toLowerCase();
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16) };
  }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(text);
  if (rgb) {
    const parts = { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]) };
    if (Math.max(parts.r, parts.g, parts.b) <= 255) return parts;
  }
  const hsl = /^hsl\(\s*(\d{1,3}(?:\.\d+)?)\s*,\s*(\d{1,3}(?:\.\d+)?)%\s*,\s*(\d{1,3}(?:\.\d+)?)%\s*\)$/.exec(text);
  if (hsl) {
    const parts = { h: Number(hsl[1]) % 360, s: Number(hsl[2]), l: Number(hsl[3]) };
    if (parts.s <= 100 && parts.l <= 100) return hslToRgb(parts);
  }
  throw new ToolInputError(`"${input}" is not a color. Use #rrggbb, #rgb, rgb(r, g, b) or hsl(h, s%, l%).`);
}

function luminance({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const colorInput = z.string().min(3).max(40).describe("A color as #rrggbb, #rgb, rgb(r, g, b) or hsl(h, s%, l%).");

const convertColor = defineTool({
  name: "convert_color",
  title: "Convert a color",
  description: "Converts a color between hex, RGB and HSL notations.",
  input: z.object({ color: colorInput }),
  output: z.object({
    hex: z.string(),
    rgb: z.object({ r: z.number().int(), g: z.number().int(), b: z.number().int() }),
    hsl: z.object({ h: z.number(), s: z.number(), l: z.number() }),
    css_rgb: z.string(),
    css_hsl: z.string(),
  }),
  hints: TRANSFORMATION,
  run({ color }) {
    const rgb = parseColor(color);
    const hsl = rgbToHsl(rgb);
    return {
      hex: toHex(rgb),
      rgb,
      hsl,
      css_rgb: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`,
      css_hsl: `hsl(${hsl.h}, ${hsl.s}%, ${hsl.l}%)`,
    };
  },
});

const contrastRatio = defineTool({
  name: "contrast_ratio",
  title: "Contrast ratio",
  description: "Computes the WCAG 2 contrast ratio of a text color on a background and which AA/AAA levels it meets.",
  input: z.object({ foreground: colorInput, background: colorInput }),
  output: z.object({
    ratio: z.number(),
    aa_normal_text: z.boolean(),
    aa_large_text: z.boolean(),
    aaa_normal_text: z.boolean(),
    aaa_large_text: z.boolean(),
  }),
  hints: TRANSFORMATION,
  run({ foreground, background }) {
    const a = luminance(parseColor(foreground));
    const b = luminance(parseColor(background));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const shown = round(ratio, 2);
    return { ratio: shown, aa_normal_text: ratio >= 4.5, aa_large_text: ratio >= 3, aaa_normal_text: ratio >= 7, aaa_large_text: ratio >= 4.5 };
  },
});

export const colorTools: DemoTool[] = [convertColor, contrastRatio];
