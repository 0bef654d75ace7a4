/**
 * Draws Treiber App's PNG icons (the back office's bus logo) into apps/field/public/icons:
 * 192 and 512 px with rounded corners, and a 512 px maskable one (full-bleed, bus inside the
 * safe zone). Run once after changing the logo: `node scripts/field-icons.mjs`; the PNGs are committed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";

/** @typedef {[number, number, number]} Rgb */
/** @type {Rgb} */
const GREEN = [0x1b, 0x5e, 0x20];
/** @type {Rgb} */
const WHITE = [0xff, 0xff, 0xff];
/** @type {Rgb} */
const LIGHT_GREEN = [0xa5, 0xd6, 0xa7];
const outDir = new URL("../apps/field/public/icons/", import.meta.url).pathname;

/**
 * Inside a rectangle with rounded corners (logo units, 0–64).
 * @param {number} x @param {number} y @param {number} left @param {number} top
 * @param {number} width @param {number} height @param {number} radius
 */
function inRoundedRect(x, y, left, top, width, height, radius) {
  if (x < left || y < top || x > left + width || y > top + height) return false;
  const cx = Math.min(Math.max(x, left + radius), left + width - radius);
  const cy = Math.min(Math.max(y, top + radius), top + height - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** @param {number} x @param {number} y @param {number} cx @param {number} cy @param {number} r */
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r ** 2;

/**
 * Colour of the bus logo at (x, y), or null outside it.
 * @param {number} x @param {number} y @returns {Rgb | null}
 */
function busColour(x, y) {
  if (inCircle(x, y, 21, 44, 4.5) || inCircle(x, y, 43, 44, 4.5)) return LIGHT_GREEN;
  if (inCircle(x, y, 21, 44, 6.5) || inCircle(x, y, 43, 44, 6.5)) return WHITE;
  if (inRoundedRect(x, y, 17, 23, 12, 8, 2) || inRoundedRect(x, y, 35, 23, 12, 8, 2)) return GREEN;
  if (inRoundedRect(x, y, 12, 18, 40, 24, 5)) return WHITE;
  return null;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG file (8-bit RGBA, no filter) of `size`×`size` pixels. @param {number} size @param {Uint8Array} rgba */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++)
    rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** @param {number} size @param {{ maskable: boolean }} options */
function draw(size, { maskable }) {
  const data = new Uint8Array(size * size * 4);
  const samples = 4;
  // Maskable icons keep their content inside the central 80 % circle: shrink the bus to 60 %.
  const scale = maskable ? 0.6 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const inBackground = maskable || inRoundedRect(x, y, 0, 0, 64, 64, 14);
          if (!inBackground) continue;
          const [cr, cg, cb] = busColour(32 + (x - 32) / scale, 32 + (y - 32) / scale) ?? GREEN;
          r += cr;
          g += cg;
          b += cb;
          a += 255;
        }
      }
      const n = samples * samples;
      const covered = a / 255 || 1;
      const index = (py * size + px) * 4;
      data[index] = Math.round(r / covered);
      data[index + 1] = Math.round(g / covered);
      data[index + 2] = Math.round(b / covered);
      data[index + 3] = Math.round(a / n);
    }
  }
  return encodePng(size, data);
}

mkdirSync(outDir, { recursive: true });
for (const { name, size, maskable } of [
  { name: "icon-192.png", size: 192, maskable: false },
  { name: "icon-512.png", size: 512, maskable: false },
  { name: "icon-maskable-512.png", size: 512, maskable: true },
]) {
  writeFileSync(join(outDir, name), draw(size, { maskable }));
  console.log(`${name} (${size}×${size})`);
}
