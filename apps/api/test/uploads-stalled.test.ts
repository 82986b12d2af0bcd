import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/services/storage';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { expectNoTempFiles, filesUnder, multipart, newClaim, uploadDirs, uploadTestConfig } from './upload-fixtures';

// The 60 s idle limit and the caps are tested with small values of the same code paths.
const IDLE_MS = 1500;

let t: TestApp;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await tempDir('framewala-stalled-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
    uploads: { maxBytes: 2_000_000, idleTimeoutMs: IDLE_MS, slots: { perAddress: 3, perAccount: 2 } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

const grainyJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

interface Stalled {
  request: http.ClientRequest;
  /** Resolves when the server closes the connection (or answers), with the answer's status if any. */
  closed: Promise<{ at: number; status: number | null; body: string }>;
}

/** Starts a request announcing `length` bytes, sends `first`, then nothing more. */
function stalledRequest(options: {
  method: string;
  path: string;
  headers: Record<string, string>;
  length: number;
  first: Buffer;
}): Stalled {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: options.method,
    path: options.path,
    agent: false,
    headers: { ...options.headers, 'content-length': String(options.length) },
  });
  const closed = new Promise<{ at: number; status: number | null; body: string }>((resolve) => {
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ at: Date.now(), status: res.statusCode ?? null, body }));
      res.on('error', () => resolve({ at: Date.now(), status: res.statusCode ?? null, body }));
    });
    request.on('error', (e) => resolve({ at: Date.now(), status: null, body: String(e) }));
  });
  request.write(options.first);
  return { request, closed };
}

async function eventually(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const base = () => `http://127.0.0.1:${port}`;
const tusHeaders = (claim: string) => ({ 'tus-resumable': '1.0.0', 'x-upload-claim': claim });

async function createTus(claim: string, length: number): Promise<string> {
  const res = await fetch(`${base()}/api/uploads/tus`, {
    method: 'POST',
    headers: { ...tusHeaders(claim), 'upload-length': String(length) },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

function stalledPatch(claim: string, location: string, length: number, first: Buffer): Stalled {
  return stalledRequest({
    method: 'PATCH',
    path: location,
    headers: { ...tusHeaders(claim), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    length,
    first,
  });
}

describe('an upload that stops sending', () => {
  it('plain path: the connection is closed after the idle limit and the temporary file removed', async () => {
    const jpeg = await grainyJpeg(900, 900);
    const body = multipart([{ name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const started = Date.now();
    const stalled = stalledRequest({
      method: 'POST',
      path: '/api/upload-image',
      headers: { ...body.headers, 'x-upload-claim': newClaim() },
      length: body.payload.length,
      first: body.payload.subarray(0, 20_000),
    });
    await eventually('the temporary file', async () => (await filesUnder(uploadDirs(dataDir).tmp)).length === 1);
    const { at } = await stalled.closed;
    expect(at - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(at - started).toBeLessThan(IDLE_MS + 3000);
    await eventually('the temporary file to go', async () => (await filesUnder(uploadDirs(dataDir).tmp)).length === 0);
    await expectNoTempFiles(dataDir);
  });

  it('tus: the PATCH is closed after the idle limit, what arrived is kept, and the upload resumes and finishes', async () => {
    const claim = newClaim();
    const jpeg = await grainyJpeg(900, 900);
    const location = await createTus(claim, jpeg.length);
    const started = Date.now();
    const stalled = stalledPatch(claim, location, jpeg.length, jpeg.subarray(0, 30_000));
    const { at } = await stalled.closed;
    expect(at - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(at - started).toBeLessThan(IDLE_MS + 3000);
    let offset = 0;
    await eventually('the stored offset', async () => {
      const head = await fetch(`${base()}${location}`, { method: 'HEAD', headers: tusHeaders(claim) });
      offset = Number(head.headers.get('upload-offset'));
      return head.status === 200 && offset === 30_000;
    });
    const rest = await fetch(`${base()}${location}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(claim), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: jpeg.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(await filesUnder(path.join(dataDir, 'tus'))).toEqual([]);
  });

  it('a slow upload that keeps sending is not cut, however long it takes', async () => {
    const claim = newClaim();
    const jpeg = await grainyJpeg(800, 800);
    const location = await createTus(claim, jpeg.length);
    const stalled = stalledPatch(claim, location, jpeg.length, jpeg.subarray(0, 1000));
    // Two idle limits long, a piece every fifth of the limit.
    const pieces = 10;
    const step = Math.ceil((jpeg.length - 1000) / pieces);
    for (let at = 1000; at < jpeg.length; at += step) {
      await new Promise((r) => setTimeout(r, IDLE_MS / 5));
      stalled.request.write(jpeg.subarray(at, Math.min(jpeg.length, at + step)));
    }
    stalled.request.end();
    const answer = await stalled.closed;
    expect(answer.status, answer.body).toBe(204);
  });
});

describe('uploads open at once', () => {
  it('are capped per account (claim) and per address, with 429 in the error shape, and free again once closed', async () => {
    const jpeg = await grainyJpeg(800, 800);
    const [a, b] = [newClaim(), newClaim()];
    const open: Stalled[] = [];
    const hold = async (claim: string) => {
      const stalled = stalledPatch(claim, await createTus(claim, jpeg.length), jpeg.length, jpeg.subarray(0, 1000));
      open.push(stalled);
      return stalled;
    };
    await hold(a);
    await hold(a);
    // Wait until the server holds both PATCHes.
    await new Promise((r) => setTimeout(r, 150));
    const third = await fetch(`${base()}${await createTus(a, jpeg.length)}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(a), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: jpeg.subarray(0, 1000),
    });
    expect(third.status).toBe(429);
    const refusal = (await third.json()) as { code: string; message: string };
    expect(refusal.code).toBe('RATE_LIMITED');
    expect(refusal.message).toMatch(/at once/);
    // Another customer from the same address still gets one slot (3 per address), then the address is full.
    await hold(b);
    await new Promise((r) => setTimeout(r, 150));
    const multi = multipart([{ name: 'image', filename: 'p.jpg', data: jpeg }]);
    const plain = await fetch(`${base()}/api/upload-image`, {
      method: 'POST',
      headers: { ...multi.headers, 'x-upload-claim': newClaim() },
      body: multi.payload,
    });
    expect(plain.status).toBe(429);
    expect(((await plain.json()) as { code: string }).code).toBe('RATE_LIMITED');
    // Closed connections give their slots back.
    for (const stalled of open) stalled.request.destroy();
    await Promise.all(open.map((s) => s.closed));
    await eventually('a free slot', async () => {
      const retry = await fetch(`${base()}/api/upload-image`, {
        method: 'POST',
        headers: { ...multi.headers, 'x-upload-claim': newClaim() },
        body: multi.payload,
      });
      return retry.status === 201;
    });
  });
});
