/**
 * Photos drawn for the tests (none is committed). Each is made once per worker and then reused: the same arguments
 * give the same bytes.
 */
import sharp from 'sharp';

const made = new Map<string, Promise<Buffer>>();
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let buffer = made.get(key);
  if (!buffer) {
    buffer = make();
    made.set(key, buffer);
  }
  return buffer;
}

/**
 * A landscape (sky, sun, hills) as a JPEG, 3000 × 2000 (3:2, so 12x8 in needs no crop and has 250 ppi) unless told
 * otherwise. `sky` sets the colour, for tests that need two different photos.
 */
export function landscapeJpeg({ width = 3000, height = 2000, sky = '#f0a35e' }: { width?: number; height?: number; sky?: string } = {}) {
  return once(`landscape ${width} ${height} ${sky}`, () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 3000 2000" preserveAspectRatio="none">
      <rect width="3000" height="2000" fill="${sky}"/><circle cx="2000" cy="900" r="220" fill="#fff3c4"/>
      <path d="M0 1300 Q 800 1000 1500 1300 T 3000 1200 V 2000 H 0 Z" fill="#35503c"/></svg>`;
    return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  });
}

/** A plain JPEG or PNG of one colour. */
export function plainImage(width: number, height: number, colour = '#d9904a', format: 'jpeg' | 'png' = 'jpeg') {
  return once(`plain ${width} ${height} ${colour} ${format}`, () => {
    const image = sharp({ create: { width, height, channels: 3, background: colour } });
    return (format === 'png' ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
  });
}
