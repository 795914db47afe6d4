import sharp from "sharp";

// Images the demo adapters serve at /files/<name>, made with sharp at start-up: a logo that passes Explore's
// check (Hue Shift's) and one that fails it (not square), for the demo and the end-to-end journey.

export type DemoFile = { contentType: string; body: Buffer };

function hueShiftSvg(size: number): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ff5f6d"/><stop offset="0.5" stop-color="#845ec2"/><stop offset="1" stop-color="#00c9a7"/>
  </linearGradient></defs>
  <rect width="100" height="100" rx="22" fill="url(#g)"/>
  <circle cx="50" cy="50" r="24" fill="none" stroke="#fff" stroke-width="9"/>
</svg>`);
}

export async function makeDemoFiles(): Promise<Map<string, DemoFile>> {
  const hueShift = await sharp(hueShiftSvg(256)).png().toBuffer();
  const wide = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#845ec2" } })
    .png()
    .toBuffer();
  return new Map<string, DemoFile>([
    ["hue-shift-logo.png", { contentType: "image/png", body: hueShift }],
    ["wide-logo.png", { contentType: "image/png", body: wide }],
  ]);
}
