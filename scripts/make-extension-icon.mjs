#!/usr/bin/env node
// Draws the extension's marketplace icon (extension/media/icon.png, 128x128 RGBA): a key on a rounded
// green tile. Pure geometry with 4x4 supersampling, written as a PNG with node:zlib; run it again only
// to change the icon (the PNG is committed).
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const TILE = [0x1f, 0x6f, 0x5c];
const KEY = [0xf4, 0xf1, 0xe8];

const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const ring = (x, y) => {
  const d = Math.hypot(x - 44, y - 64);
  return d <= 26 && d >= 14;
};
const key = (x, y) =>
  ring(x, y) || inRect(x, y, 68, 59, 112, 69) || inRect(x, y, 92, 69, 100, 84) || inRect(x, y, 104, 69, 112, 79);

/** Colour of one pixel: the share of its 16 samples on the tile, and of those on the key. */
function pixel(px, py) {
  let tile = 0;
  let onKey = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const x = px + (sx + 0.5) / 4;
      const y = py + (sy + 0.5) / 4;
      if (!inRoundRect(x, y, 4, 4, 124, 124, 24)) continue;
      tile++;
      if (key(x, y)) onKey++;
    }
  }
  if (tile === 0) return [0, 0, 0, 0];
  const k = onKey / tile;
  return [...TILE.map((c, i) => Math.round(c * (1 - k) + KEY[i] * k)), Math.round((tile / 16) * 255)];
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) Buffer.from(pixel(x, y)).copy(raw, y * (SIZE * 4 + 1) + 1 + x * 4);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../extension/media/icon.png', import.meta.url), png);
console.log(`wrote extension/media/icon.png (${png.length} bytes)`);
