#!/usr/bin/env node
// Draws the installable app's icons from the favicon's design (a cyan ring around a
// cyan dot on night blue): the ordinary icons (a round badge on transparent), the
// maskable ones (full bleed, the design inside the middle 80 % that every launcher mask
// keeps) and the apple-touch-icon (full bleed, no transparency: iOS fills it with black).
// Run after changing the design: node scripts/make-app-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src-renderer', 'public', 'icons');
const NIGHT = [11, 18, 32];
const CYAN = [0, 229, 255];

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw.set(pixel((x + 0.5) / size, (y + 0.5) / size, size), o);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const clamp = (v) => Math.max(0, Math.min(1, v));
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/**
 * The favicon's 64-unit design at `scale` (1 = the design fills the square), centred.
 * `bleed`: the night blue covers the whole square instead of the round badge only.
 */
function design(scale, bleed) {
  return (u, v, size) => {
    const px = (size * scale) / 64; // pixels per design unit
    const r = Math.hypot(u - 0.5, v - 0.5) * size; // pixels from the centre
    // Coverage of a pixel by a shape whose edge is d pixels away (negative inside): anti-aliased.
    const cover = (d) => clamp(0.5 - d);
    const ring = (radius, width) => cover(Math.abs(r - radius * px) - (width / 2) * px);
    const badge = bleed ? 1 : cover(r - 30 * px);
    const cyan = Math.max(ring(28, 4), ring(12, 4), cover(r - 4 * px));
    const [cr, cg, cb] = mix(NIGHT, CYAN, cyan);
    return [cr, cg, cb, Math.round(255 * Math.max(badge, cyan))];
  };
}

const ICONS = {
  'icon-192.png': [192, design(1, false)],
  'icon-512.png': [512, design(1, false)],
  'maskable-192.png': [192, design(0.78, true)],
  'maskable-512.png': [512, design(0.78, true)],
  'apple-touch-icon.png': [180, design(0.86, true)],
};

for (const [name, [size, pixel]] of Object.entries(ICONS)) {
  writeFileSync(join(out, name), png(size, pixel));
  process.stdout.write(`wrote ${name}\n`);
}
