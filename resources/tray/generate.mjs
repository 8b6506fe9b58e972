#!/usr/bin/env node
// Draws the four tray status images (16 px and @2x 32 px) as anti-aliased discs:
// idle = blue, listening = red, thinking = amber, error = red ring with a bar.
// Run once after changing a colour: node resources/tray/generate.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));

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
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5, size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const clamp = (v) => Math.max(0, Math.min(1, v));
function disc(color, { ring = false, bar = false } = {}) {
  return (x, y, size) => {
    const c = size / 2;
    const d = Math.hypot(x - c, y - c);
    const outer = size * 0.45;
    let cover = clamp(outer - d + 0.5);
    if (ring) cover = Math.min(cover, clamp(d - outer * 0.62 + 0.5));
    if (bar && Math.abs(y - c) < size * 0.09 && Math.abs(x - c) < outer * 0.62) cover = 1;
    // A white inner dot marks "JARVIS" on the plain states.
    const dot = !ring && d < size * 0.14 ? clamp(size * 0.14 - d + 0.5) : 0;
    const mix = (ch) => Math.round(ch * (1 - dot) + 255 * dot);
    return [mix(color[0]), mix(color[1]), mix(color[2]), Math.round(255 * cover)];
  };
}
const STATES = {
  idle: disc([59, 130, 246]),
  listening: disc([239, 68, 68]),
  thinking: disc([245, 158, 11]),
  error: disc([220, 38, 38], { ring: true, bar: true }),
};
for (const [name, draw] of Object.entries(STATES)) {
  writeFileSync(join(here, `tray-${name}.png`), png(16, draw));
  writeFileSync(join(here, `tray-${name}@2x.png`), png(32, draw));
}
process.stdout.write('tray images written\n');
