/**
 * Photos for the print-file tests, generated on the fly: an ICC v2 Adobe RGB (1998) profile built from its published
 * primaries (so no system profile is needed), photos tagged with it, Display P3 or CMYK, and photos whose corners are
 * marked in colour so that orientation can be checked pixel by pixel.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { storedForOrientation } from './upload-fixtures';

const s15 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(Math.round(v * 65536));
  return b;
};

const pad4 = (b: Buffer) => (b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]));

function xyzTag(x: number, y: number, z: number): Buffer {
  return Buffer.concat([Buffer.from('XYZ ', 'latin1'), Buffer.alloc(4), s15(x), s15(y), s15(z)]);
}

function gammaCurve(gamma: number): Buffer {
  const b = Buffer.alloc(14);
  b.write('curv', 0, 'latin1');
  b.writeUInt32BE(1, 8);
  b.writeUInt16BE(Math.round(gamma * 256), 12);
  return b;
}

function textDescription(text: string): Buffer {
  const ascii = Buffer.from(`${text}\0`, 'latin1');
  const head = Buffer.alloc(12);
  head.write('desc', 0, 'latin1');
  head.writeUInt32BE(ascii.length, 8);
  // Unicode (language code + count) and ScriptCode (code + count + 67 bytes) parts, all empty.
  return Buffer.concat([head, ascii, Buffer.alloc(8), Buffer.alloc(3 + 67)]);
}

function text(textValue: string): Buffer {
  return Buffer.concat([Buffer.from('text', 'latin1'), Buffer.alloc(4), Buffer.from(`${textValue}\0`, 'latin1')]);
}

/** A display-class ICC v2 matrix/TRC RGB profile: Adobe RGB (1998), D50-adapted primaries, gamma 563/256. */
export function adobeRgbProfile(): Buffer {
  const gamma = gammaCurve(563 / 256);
  const tags: [string, Buffer][] = [
    ['desc', textDescription('Adobe RGB (1998)')],
    ['cprt', text('No copyright, generated for tests')],
    ['wtpt', xyzTag(0.9642, 1.0, 0.8249)],
    ['rXYZ', xyzTag(0.60974, 0.31111, 0.01947)],
    ['gXYZ', xyzTag(0.20528, 0.62567, 0.06087)],
    ['bXYZ', xyzTag(0.14919, 0.06322, 0.74457)],
    ['rTRC', gamma],
    ['gTRC', gamma],
    ['bTRC', gamma],
  ];
  const tableBytes = 4 + 12 * tags.length;
  let offset = 128 + tableBytes;
  const table = Buffer.alloc(tableBytes);
  table.writeUInt32BE(tags.length, 0);
  const bodies: Buffer[] = [];
  tags.forEach(([sig, data], i) => {
    const padded = pad4(data);
    table.write(sig, 4 + 12 * i, 'latin1');
    table.writeUInt32BE(offset, 8 + 12 * i);
    table.writeUInt32BE(data.length, 12 + 12 * i);
    bodies.push(padded);
    offset += padded.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('mntr', 12, 'latin1');
  header.write('RGB ', 16, 'latin1');
  header.write('XYZ ', 20, 'latin1');
  header.writeUInt16BE(2026, 24);
  header.writeUInt16BE(11, 26);
  header.writeUInt16BE(22, 28);
  header.write('acsp', 36, 'latin1');
  s15(0.9642).copy(header, 68);
  s15(1.0).copy(header, 72);
  s15(0.8249).copy(header, 76);
  return Buffer.concat([header, table, ...bodies]);
}

export type Rgb = { r: number; g: number; b: number };

/**
 * A flat photo of sRGB colour `colour`, converted into `profile` (a file path, or sharp's 'p3' / 'cmyk') and tagged
 * with it, so that a correct conversion back to sRGB gives `colour` again.
 */
export async function taggedJpeg(
  width: number,
  height: number,
  colour: Rgb,
  profile: string,
  options: { cmyk?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: colour } });
  if (options.cmyk) image = image.toColourspace('cmyk');
  return image.withIccProfile(profile).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** The average colour of a w × h box at (left, top) of a decoded image. */
export async function averageColour(file: string | Buffer, left: number, top: number, w: number, h: number): Promise<number[]> {
  const { data } = await sharp(file, { limitInputPixels: false })
    .extract({ left, top, width: w, height: h })
    .resize(1, 1, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

export const RED = { r: 230, g: 20, b: 20 };
export const GREEN = { r: 20, g: 200, b: 40 };
export const BLUE = { r: 20, g: 40, b: 230 };
export const GREY = { r: 128, g: 128, b: 128 };

/**
 * An upright `width` × `height` grey photo with a red top-left, green top-right and blue bottom-left corner square
 * (side `mark`), stored the way a camera stores EXIF `orientation` (so that applying the orientation shows it upright).
 */
export async function markedJpeg(width: number, height: number, mark: number, orientation = 1): Promise<Buffer> {
  const square = (background: Rgb) => ({ create: { width: mark, height: mark, channels: 3 as const, background } });
  const upright = await sharp({ create: { width, height, channels: 3, background: GREY } })
    .composite([
      { input: square(RED), left: 0, top: 0 },
      { input: square(GREEN), left: width - mark, top: 0 },
      { input: square(BLUE), left: 0, top: height - mark },
    ])
    .png()
    .toBuffer();
  const stored = await storedForOrientation(upright, orientation);
  let image = sharp(stored);
  if (orientation !== 1) image = image.withMetadata({ orientation });
  return image.jpeg({ quality: 95 }).toBuffer();
}

export function writeFixture(file: string, bytes: Buffer): string {
  fs.writeFileSync(file, bytes);
  return file;
}

export const near = (actual: number[], expected: Rgb, tolerance: number) =>
  Math.max(Math.abs(actual[0]! - expected.r), Math.abs(actual[1]! - expected.g), Math.abs(actual[2]! - expected.b)) <= tolerance;
