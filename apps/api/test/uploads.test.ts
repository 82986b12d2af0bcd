import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_DIMENSION_MESSAGE, UNSUPPORTED_TYPE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '@framewala/domain';
import { LocalStorage } from '../src/services/storage';
import { DECODE_SLOTS, decodeLoad } from '../src/services/uploads/image';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  claimSize,
  expectNoTempFiles,
  filesUnder,
  heicLike,
  imageSize,
  multipart,
  newClaim,
  noisyJpeg,
  plainJpeg,
  twoToneJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

// The 2 GiB limit is tested with a small limit of the same code path (never with gigabytes on disk).
const TEST_MAX_BYTES = 300_000;

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-uploads-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
    uploads: { maxBytes: TEST_MAX_BYTES },
  });
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

async function storedCount(): Promise<number> {
  return (await filesUnder(uploadDirs(dataDir).storage)).length;
}

/** Sends an upload, checks the refusal's status, code and message, and that nothing was left on disk. */
async function expectRefused(request: ReturnType<typeof uploadRequest>, status: number, code: string, message: string | RegExp) {
  const before = await storedCount();
  const res = await t.app.inject(request);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  await expectNoTempFiles(dataDir);
  expect(await storedCount()).toBe(before);
  return body;
}

describe('POST /api/upload-image: dimensions', () => {
  it('accepts 700 × 700 px and answers with the Upload shape', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(700, 700)));
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json();
    expect(upload).toMatchObject({
      width: 700,
      height: 700,
      imageType: 'square',
      format: 'jpeg',
      status: 'ready',
      parentId: null,
      crop: null,
      dpi: { x: 96, y: 96 },
    });
    expect(upload._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(upload.url).toMatch(new RegExp(`^/media/uploads/${upload._id}/display-\\d+-\\d+\\.jpg\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(upload.thumbnailUrl).toMatch(new RegExp(`^/media/uploads/${upload._id}/thumb-\\d+-\\d+\\.jpg\\?exp=\\d+&sig=[\\w-]{43}$`));
    const days = (Date.parse(upload.expiresAt) - Date.parse(upload.createdAt)) / 86_400_000;
    expect(days).toBe(90);
    // The original is stored under the id with a timestamp, a random number and the extension; nothing in tmp.
    const stored = await filesUnder(uploadDirs(dataDir).storage);
    expect(stored.filter((f) => f.includes(upload._id)).some((f) => /original-\d+-\d+\.jpg$/.test(f))).toBe(true);
    await expectNoTempFiles(dataDir);
    expect(await imageSize(t.app, upload.url)).toMatchObject({ width: 700, height: 700, format: 'jpeg' });
    expect(await imageSize(t.app, upload.thumbnailUrl)).toMatchObject({ width: 400, height: 400, format: 'jpeg' });
  });

  it('refuses 699 px wide with the spec message', async () => {
    await expectRefused(uploadRequest(await plainJpeg(699, 700)), 422, 'IMAGE_DIMENSIONS', IMAGE_DIMENSION_MESSAGE);
  });

  it('refuses 699 px high with the spec message', async () => {
    await expectRefused(uploadRequest(await plainJpeg(900, 699)), 422, 'IMAGE_DIMENSIONS', IMAGE_DIMENSION_MESSAGE);
  });

  it('accepts a side of 50000 px', async () => {
    const res = await t.app.inject(uploadRequest(await plainJpeg(50000, 700)));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 50000, height: 700, imageType: 'landscape', status: 'ready' });
    expect(await imageSize(t.app, res.json().url)).toMatchObject({ width: 2048, height: 29 });
    await expectNoTempFiles(dataDir);
  });

  it('refuses a side of 50001 px with the spec message', async () => {
    await expectRefused(uploadRequest(await plainJpeg(50001, 700)), 422, 'IMAGE_DIMENSIONS', IMAGE_DIMENSION_MESSAGE);
  });

  it('refuses at once, without decoding, a tiny JPEG whose header claims 40000 × 40000 (1600 MP)', async () => {
    const liar = claimSize(await plainJpeg(16, 16), 40000, 40000);
    expect(liar.length).toBeLessThan(2000);
    const decodes = decodeLoad().begun;
    await expectRefused(uploadRequest(liar), 422, 'IMAGE_DIMENSIONS', IMAGE_DIMENSION_MESSAGE);
    expect(decodeLoad().begun).toBe(decodes); // refused from its header: nothing decoded
  });
});

describe('POST /api/upload-image: many photos finishing at once', () => {
  it('decodes at most one photo per core at a time; the others wait their turn and all are answered ready', async () => {
    // Many pixels in few bytes (under the tests' small size limit), so each decode takes a while.
    const photo = await plainJpeg(4000, 3000);
    const count = DECODE_SLOTS + 4;
    let mostActive = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      const load = decodeLoad();
      mostActive = Math.max(mostActive, load.active);
      mostWaiting = Math.max(mostWaiting, load.waiting);
    }, 1);
    try {
      const answers = await Promise.all(Array.from({ length: count }, () => t.app.inject(uploadRequest(photo, { claim: newClaim() }))));
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ status: 'ready', width: 4000, height: 3000 });
      }
    } finally {
      clearInterval(sampler);
    }
    expect(mostActive).toBeGreaterThan(0);
    expect(mostActive).toBeLessThanOrEqual(DECODE_SLOTS);
    expect(mostWaiting).toBeGreaterThan(0);
    await expectNoTempFiles(dataDir);
  });
});

describe('POST /api/upload-image: pixels that do not decode', () => {
  it('refuses a truncated JPEG whose header is valid with 422 IMAGE_UNREADABLE', async () => {
    const whole = await noisyJpeg(800, 800);
    await expectRefused(
      uploadRequest(whole.subarray(0, Math.floor(whole.length * 0.6))),
      422,
      'IMAGE_UNREADABLE',
      /could not read this photo/,
    );
  });

  it('refuses a JPEG that claims a larger size than its data holds', async () => {
    await expectRefused(uploadRequest(claimSize(await plainJpeg(16, 16), 1200, 900)), 422, 'IMAGE_UNREADABLE', /could not read this photo/);
  });
});

describe('POST /api/upload-image: format by content', () => {
  it('refuses a PNG named .jpg with 415', async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await expectRefused(uploadRequest(png, { filename: 'holiday.jpg' }), 415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_TYPE_MESSAGE);
  });

  it('refuses a GIF named .jpg with 415', async () => {
    const gif = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    await expectRefused(uploadRequest(gif, { filename: 'holiday.jpg' }), 415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_TYPE_MESSAGE);
  });

  it('refuses an HEIC (ftyp heic) named .jpg with 415', async () => {
    await expectRefused(uploadRequest(heicLike(), { filename: 'IMG_0001.jpg' }), 415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_TYPE_MESSAGE);
  });

  it('refuses a WebP named .jpg with 415', async () => {
    const webp = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    await expectRefused(uploadRequest(webp, { filename: 'holiday.jpg' }), 415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_TYPE_MESSAGE);
  });

  it('refuses a text file with 415', async () => {
    await expectRefused(
      uploadRequest(Buffer.from('hello, this is not a photo at all, just text long enough to sniff '.repeat(3))),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      UNSUPPORTED_TYPE_MESSAGE,
    );
  });

  it('takes a JPEG named .png by its content, and stores it as .jpg (never the client’s name)', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(800, 700), { filename: '../../etc/passwd.png' }));
    expect(res.statusCode, res.body).toBe(201);
    const files = (await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(res.json()._id));
    expect(files.some((f) => /original-\d+-\d+\.jpg$/.test(f))).toBe(true);
    expect(files.join(' ')).not.toMatch(/passwd/);
  });

  it('keeps an accepted client extension (.jpeg)', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(800, 700), { filename: 'Wedding.JPEG' }));
    expect(res.statusCode, res.body).toBe(201);
    const files = (await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(res.json()._id));
    expect(files.some((f) => /original-\d+-\d+\.jpeg$/.test(f))).toBe(true);
  });
});

describe('POST /api/upload-image: the multipart request', () => {
  const claimHeaders = (headers: Record<string, string>) => ({
    ...headers,
    'x-upload-claim': uploadRequest(Buffer.alloc(0)).headers['x-upload-claim']!,
  });

  it('refuses zero bytes', async () => {
    await expectRefused(uploadRequest(Buffer.alloc(0)), 422, 'IMAGE_UNREADABLE', 'The file is empty. Please choose a JPG or TIF photo.');
  });

  it('refuses two files, leaving neither behind', async () => {
    const jpeg = await twoToneJpeg(800, 700);
    const body = multipart([
      { name: 'image', filename: 'a.jpg', data: jpeg },
      { name: 'image', filename: 'b.jpg', data: jpeg },
    ]);
    await expectRefused(
      { method: 'POST', url: '/api/upload-image', headers: claimHeaders(body.headers), payload: body.payload },
      400,
      'BAD_REQUEST',
      'Send one photo at a time: this request has more than one file.',
    );
  });

  it('refuses a file in the wrong field', async () => {
    await expectRefused(
      uploadRequest(await twoToneJpeg(800, 700), { field: 'photo' }),
      400,
      'BAD_REQUEST',
      'The photo must be sent in the field image (this file came in the field photo).',
    );
  });

  it('refuses a request without a file', async () => {
    const body = multipart([]);
    await expectRefused(
      { method: 'POST', url: '/api/upload-image', headers: claimHeaders(body.headers), payload: body.payload },
      400,
      'BAD_REQUEST',
      'Choose a photo: the request has no file in the field image.',
    );
  });

  it('refuses extra form fields', async () => {
    const body = multipart([
      { name: 'caption', data: 'hello' },
      { name: 'image', filename: 'a.jpg', data: await twoToneJpeg(800, 700) },
    ]);
    await expectRefused(
      { method: 'POST', url: '/api/upload-image', headers: claimHeaders(body.headers), payload: body.payload },
      400,
      'BAD_REQUEST',
      'Unexpected form field caption: send only the photo, as one file in the field image.',
    );
  });

  it('refuses the photo sent as a text field', async () => {
    const body = multipart([{ name: 'image', data: 'not a file' }]);
    await expectRefused(
      { method: 'POST', url: '/api/upload-image', headers: claimHeaders(body.headers), payload: body.payload },
      400,
      'BAD_REQUEST',
      'The field image must be a file: send the photo as a file upload.',
    );
  });

  it('refuses malformed multipart bodies with 400: no boundary, cut short, garbage', async () => {
    const body = multipart([{ name: 'image', filename: 'a.jpg', data: await twoToneJpeg(800, 700) }], 'BOUNDARY');
    const cases = [
      {
        headers: { 'content-type': 'multipart/form-data' },
        payload: body.payload,
        message: 'The upload is not valid multipart data (Multipart: Boundary not found).',
      },
      {
        headers: body.headers,
        payload: body.payload.subarray(0, body.payload.length - 30),
        message: 'The upload was cut short or is not valid multipart data.',
      },
      { headers: body.headers, payload: body.payload.subarray(0, 40), message: 'The upload was cut short or is not valid multipart data.' },
      { headers: body.headers, payload: Buffer.from('hello world'), message: 'The upload was cut short or is not valid multipart data.' },
    ];
    for (const c of cases) {
      await expectRefused(
        { method: 'POST', url: '/api/upload-image', headers: claimHeaders(c.headers), payload: c.payload },
        400,
        'BAD_REQUEST',
        c.message,
      );
    }
  });

  it('refuses a JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: claimHeaders({ 'content-type': 'application/json' }),
      payload: { image: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the photo as multipart/form-data, with one file in the field image.',
    });
  });

  it('refuses an anonymous upload without the claim header, before reading the file', async () => {
    await expectRefused(uploadRequest(await twoToneJpeg(800, 700), { claim: null }), 400, 'UPLOAD_CLAIM_REQUIRED', /X-Upload-Claim header/);
  });

  it('refuses a malformed claim header', async () => {
    await expectRefused(
      uploadRequest(await twoToneJpeg(800, 700), { claim: 'short' }),
      400,
      'UPLOAD_CLAIM_REQUIRED',
      /not valid: it must be 32 random bytes in base64url/,
    );
  });
});

describe('POST /api/upload-image: the size limit (a small limit in tests, 2 GiB in the shop)', () => {
  async function paddedJpeg(bytes: number): Promise<Buffer> {
    const jpeg = await twoToneJpeg(800, 700);
    // Bytes after the end-of-image marker are ignored by decoders: a valid photo of exactly the size wanted.
    return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)]);
  }

  it('accepts a file of exactly the limit', async () => {
    const res = await t.app.inject(uploadRequest(await paddedJpeg(TEST_MAX_BYTES)));
    expect(res.statusCode, res.body).toBe(201);
    await expectNoTempFiles(dataDir);
  });

  it('stops a file one byte over the limit while streaming (413), removing the partial file', async () => {
    await expectRefused(uploadRequest(await paddedJpeg(TEST_MAX_BYTES + 1)), 413, 'UPLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
  });

  it('refuses a request whose declared length is far over the limit before reading it', async () => {
    const res = await t.app.inject(uploadRequest(await paddedJpeg(TEST_MAX_BYTES * 3)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'UPLOAD_TOO_LARGE', message: UPLOAD_TOO_LARGE_MESSAGE });
    expect(res.headers.connection).toBe('close');
    await expectNoTempFiles(dataDir);
  });
});

describe('POST /api/upload-image: a client that goes away mid-upload', () => {
  it('removes the temporary file', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const jpeg = await noisyJpeg(1000, 1000);
    const boundary = '----framewala-abort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const request = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: '/api/upload-image',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + TEST_MAX_BYTES - 10),
        'x-upload-claim': uploadRequest(Buffer.alloc(0)).headers['x-upload-claim'],
      },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(jpeg.subarray(0, 100_000));
    // Wait until the server is writing the temporary file, then hang up.
    const { tmp } = uploadDirs(dataDir);
    const until = Date.now() + 5000;
    while ((await filesUnder(tmp)).length === 0) {
      if (Date.now() > until) throw new Error('the upload never reached a temporary file');
      await new Promise((r) => setTimeout(r, 20));
    }
    request.destroy();
    const deadline = Date.now() + 5000;
    while ((await filesUnder(tmp)).length > 0) {
      if (Date.now() > deadline) throw new Error(`temporary files left: ${(await filesUnder(tmp)).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await expectNoTempFiles(dataDir);
    expect((t.app.server.address() as AddressInfo).port).toBe(Number(port));
  });
});

describe('POST /api/upload-image over a real connection', () => {
  async function port(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  /** Sends `payload` in pieces of `pieceBytes`, a few milliseconds apart, as a slow network delivers it. */
  async function send(payload: Buffer, headers: Record<string, string>, pieceBytes: number) {
    const request = http.request({
      host: '127.0.0.1',
      port: await port(),
      method: 'POST',
      path: '/api/upload-image',
      agent: false,
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    let answered = false;
    const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      // A refusal closes the connection while the rest is still being sent: the answer is what counts.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
    });
    for (let at = 0; at < payload.length; at += pieceBytes) {
      if (request.destroyed || answered) break;
      request.write(payload.subarray(at, at + pieceBytes));
      await new Promise((r) => setTimeout(r, 2));
    }
    if (!request.destroyed) request.end();
    return answer;
  }

  /** A photo-like JPEG (noise compresses like real scan data) under the tests' 300 KB limit. */
  const grainyJpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg({ quality: 75 })
      .toBuffer();

  it('stores exactly the bytes sent, whatever pieces they come in', async () => {
    const jpeg = await grainyJpeg(800, 700);
    expect(jpeg.length).toBeGreaterThan(100_000);
    for (const pieceBytes of [jpeg.length + 1000, 65_536, 4_099]) {
      const body = multipart([{ name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg }]);
      const res = await send(body.payload, { ...uploadRequest(jpeg).headers, ...body.headers }, pieceBytes);
      expect(res.status, res.body).toBe(201);
      const id = JSON.parse(res.body)._id as string;
      const original = (await filesUnder(uploadDirs(dataDir).storage)).find((f) => f.includes(id) && /original-/.test(f));
      expect(original, 'the stored original').toBeDefined();
      expect((await fs.readFile(path.join(uploadDirs(dataDir).storage, original!))).equals(jpeg)).toBe(true);
    }
    await expectNoTempFiles(dataDir);
  });

  it('refuses two files, a body without its closing boundary and a PNG, leaving nothing behind', async () => {
    const jpeg = await grainyJpeg(700, 700);
    expect(2 * jpeg.length).toBeLessThan(TEST_MAX_BYTES + 64 * 1024); // both under the declared-length check
    const claim = uploadRequest(jpeg).headers;
    const two = multipart([
      { name: 'image', filename: 'a.jpg', data: jpeg },
      { name: 'image', filename: 'b.jpg', data: jpeg },
    ]);
    const before = await storedCount();
    // Each sent in one piece: a refusal closes the connection, and a client still sending would not read it.
    const refusedTwo = await send(two.payload, { ...claim, ...two.headers }, two.payload.length);
    expect(refusedTwo.status).toBe(400);
    expect(JSON.parse(refusedTwo.body).message).toBe('Send one photo at a time: this request has more than one file.');

    const whole = multipart([{ name: 'image', filename: 'a.jpg', data: jpeg }]);
    const cut = await send(whole.payload.subarray(0, whole.payload.length - 10), { ...claim, ...whole.headers }, whole.payload.length);
    expect(cut.status).toBe(400);
    expect(JSON.parse(cut.body).message).toBe('The upload was cut short or is not valid multipart data.');

    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const pngBody = multipart([{ name: 'image', filename: 'a.jpg', data: Buffer.concat([png, Buffer.alloc(200_000 - png.length)]) }]);
    const refusedPng = await send(pngBody.payload, { ...claim, ...pngBody.headers }, pngBody.payload.length);
    expect(refusedPng.status).toBe(415);
    expect(await storedCount()).toBe(before);
    await expectNoTempFiles(dataDir);
  });
});
