/**
 * #44 item 14: the maskable icons are full-bleed, the owl alone inside the safe zone, so a
 * launcher's own shape never frames a second rounded square; the "any" icons keep theirs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const publicDir = join(import.meta.dirname, '..', '..', 'public');

/** The pixels of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are). */
function decodePng(file: Buffer): { width: number; height: number; rgb: (x: number, y: number) => [number, number, number, number] } {
  let at = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const data: Buffer[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8);
      colorType = body[9];
      expect(body[12]).toBe(0);
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const channels = colorType === 6 ? 4 : 3;
  expect([2, 6]).toContain(colorType);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const byte = raw[y * (stride + 1) + 1 + x];
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels] : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter];
      pixels[y * stride + x] = (byte + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    rgb: (x, y) => {
      const i = y * stride + x * channels;
      return [pixels[i], pixels[i + 1], pixels[i + 2], channels === 4 ? pixels[i + 3] : 255];
    },
  };
}

const BRAND: [number, number, number] = [0x6b, 0x3f, 0xa0];
const near = (a: number[], b: number[]) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]) <= 3);

describe('the maskable icons', () => {
  for (const size of [192, 512]) {
    it(`${size} px: the logo's purple to every edge, and nothing but it outside the 80 % safe circle`, () => {
      const icon = decodePng(readFileSync(join(publicDir, `icon-${size}-maskable.png`)));
      expect([icon.width, icon.height]).toEqual([size, size]);
      const centre = (size - 1) / 2;
      let outside = 0;
      let artwork = 0;
      for (let y = 0; y < size; y += 1) {
        for (let x = 0; x < size; x += 1) {
          const pixel = icon.rgb(x, y);
          if (pixel[3] !== 255) throw new Error(`pixel ${x},${y} is not opaque: a maskable icon fills its square`);
          const inSafeZone = Math.hypot(x - centre, y - centre) <= 0.4 * size;
          if (!inSafeZone) {
            outside += 1;
            if (!near(pixel, BRAND)) throw new Error(`pixel ${x},${y} outside the safe zone is ${pixel.join(',')}, not the background`);
          } else if (!near(pixel, BRAND)) artwork += 1;
        }
      }
      expect(outside).toBeGreaterThan(0);
      // The owl is there, in the middle.
      expect(artwork).toBeGreaterThan(size * size * 0.05);
    });
  }

  it('the "any" icons keep their rounded square on a transparent background', () => {
    const icon = decodePng(readFileSync(join(publicDir, 'icon-512.png')));
    expect(icon.rgb(0, 0)[3]).toBe(0);
    expect(near(icon.rgb(256, 20), BRAND)).toBe(true);
  });
});
