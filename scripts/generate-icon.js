// Writes resources/icons/icon.png (512x512) from the same shapes as icon.svg, with Node built-ins only,
// so packaging needs no image toolchain. Run it again after changing the design: `node scripts/generate-icon.js`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const BLUE = [0x22, 0x57, 0xd6];
const WHITE = [0xff, 0xff, 0xff];

/** Signed distance to a rounded rectangle (negative inside). */
function roundedRect(px, py, x, y, w, h, r) {
  const cx = Math.abs(px - (x + w / 2)) - (w / 2 - r);
  const cy = Math.abs(py - (y + h / 2)) - (h / 2 - r);
  return Math.hypot(Math.max(cx, 0), Math.max(cy, 0)) + Math.min(Math.max(cx, cy), 0) - r;
}
function segment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
const tray = [
  [112, 262],
  [196, 262],
  [224, 306],
  [288, 306],
  [316, 262],
  [400, 262],
];

/** Coverage in 0..1 from a signed distance, for one pixel of anti-aliasing. */
const cover = (d) => Math.max(0, Math.min(1, 0.5 - d));

function pixel(px, py) {
  const bg = cover(roundedRect(px, py, 32, 32, 448, 448, 96));
  if (bg === 0) return [0, 0, 0, 0];
  const frame = Math.abs(roundedRect(px, py, 112, 150, 288, 212, 28)) - 16;
  let line = Infinity;
  for (let i = 0; i < tray.length - 1; i++) {
    const [a, b] = [tray[i], tray[i + 1]];
    line = Math.min(line, segment(px, py, a[0], a[1], b[0], b[1]) - 16);
  }
  const fg = cover(Math.min(frame, line));
  const rgb = BLUE.map((c, i) => Math.round(c * (1 - fg) + WHITE[i] * fg));
  return [...rgb, Math.round(bg * 255)];
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  const row = y * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) raw.set(pixel(x + 0.5, y + 0.5), row + 1 + x * 4);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../resources/icons/icon.png', import.meta.url), png);
console.log(`resources/icons/icon.png: ${png.length} bytes`);
