import fs from 'node:fs/promises';
import { getBounds, NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameDepthIn, framedOuterSize } from '@framewala/domain';
import { LocalStorage } from '../src/services/storage';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { expectNoTempFiles, newClaim, twoToneJpeg, uploadDirs, uploadRequest, uploadTestConfig } from './upload-fixtures';

let t: TestApp;
let dataDir: string;
const owner = newClaim();
const stranger = newClaim();
let uploadId: string;
let frame: { _id: string; sizeInInches: number };

beforeAll(async () => {
  dataDir = await tempDir('framewala-ar-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
  });
  const res = await t.app.inject(uploadRequest(await twoToneJpeg(1200, 800), { claim: owner }));
  expect(res.statusCode).toBe(201);
  uploadId = res.json<{ _id: string }>()._id;
  const sets = (await t.app.inject({ method: 'GET', url: '/api/get-frame' })).json<{
    getFrameSize: { sizeInInches: number; frames: { _id: string }[] }[];
  }>().getFrameSize;
  const set = sets.find((s) => s.sizeInInches >= 1) ?? sets[0]!;
  frame = { _id: set.frames[0]!._id, sizeInInches: set.sizeInInches };
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

const glbUrl = (q: Record<string, string | number>) =>
  `/api/uploads/${uploadId}/framed.glb?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

async function modelBounds(bytes: Uint8Array) {
  const doc = await new NodeIO().readBinary(bytes);
  const { min, max } = getBounds(doc.getRoot().listScenes()[0]!);
  return { width: max[0] - min[0], height: max[1] - min[1], depth: max[2] - min[2], minZ: min[2] };
}

describe('the framed print as a .glb for AR', () => {
  it.each([
    [12, 8, 4],
    [40, 30, 0],
  ])('is a valid glTF at true size: %s × %s in, border level %s', async (width, height, border) => {
    const res = await t.app.inject({
      method: 'GET',
      url: glbUrl({ width, height, frameId: frame._id, border }),
      headers: { 'x-upload-claim': owner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('model/gltf-binary');
    const bytes = new Uint8Array(res.rawPayload);
    const report = await validator.validateBytes(bytes);
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);

    const borderIn = [0, 0.4, 0.8, 1.2, 2, 3.1, 4.7][border]!;
    const outer = framedOuterSize({ widthIn: width, heightIn: height, borderIn, mouldingIn: frame.sizeInInches });
    const b = await modelBounds(bytes);
    expect(Math.abs(b.width / (outer.widthIn * 0.0254) - 1)).toBeLessThan(0.01);
    expect(Math.abs(b.height / (outer.heightIn * 0.0254) - 1)).toBeLessThan(0.01);
    expect(Math.abs(b.depth / (frameDepthIn(frame.sizeInInches) * 0.0254) - 1)).toBeLessThan(0.01);
    // The back lies on the wall plane.
    expect(Math.abs(b.minZ)).toBeLessThan(1e-6);
    // The photo travels inside as a JPEG texture.
    const doc = await new NodeIO().readBinary(bytes);
    const textures = doc.getRoot().listTextures();
    expect(textures.map((x) => x.getMimeType())).toEqual(['image/jpeg']);
    expect(textures[0]!.getSize()).toEqual(width > height ? [1024, Math.round((1024 * height) / width)] : expect.anything());
  });

  it('answers 404 for someone else’s photo, and for an unknown photo or frame, in the error shape', async () => {
    const q = { width: 12, height: 8, frameId: frame._id, border: 0 };
    const other = await t.app.inject({ method: 'GET', url: glbUrl(q), headers: { 'x-upload-claim': stranger } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/00000000-0000-4000-8000-000000000000/framed.glb?width=12&height=8&frameId=${frame._id}`,
      headers: { 'x-upload-claim': owner },
    });
    expect(unknown.statusCode).toBe(404);
    const noFrame = await t.app.inject({
      method: 'GET',
      url: glbUrl({ ...q, frameId: 'no-such-finish' }),
      headers: { 'x-upload-claim': owner },
    });
    expect(noFrame.statusCode).toBe(404);
    expect(noFrame.json()).toMatchObject({ code: 'NOT_FOUND' });
    const anonymous = await t.app.inject({ method: 'GET', url: glbUrl(q) });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toMatchObject({ code: 'UPLOAD_CLAIM_REQUIRED' });
  });

  it('refuses sizes and borders that are not numbers in range with 400, and leaves no temporary files', async () => {
    for (const bad of [{ width: 0 }, { width: 'abc' }, { width: 500 }, { height: 12.345 }, { border: 7 }, { border: 1.5 }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: glbUrl({ width: 12, height: 8, frameId: frame._id, border: 0, ...bad }),
        headers: { 'x-upload-claim': owner },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    await expectNoTempFiles(dataDir);
  });

  it('gives the owner a signed link that works without headers (for Scene Viewer) and only for what it was made for', async () => {
    const body = { width: 24, height: 16, frameId: frame._id, border: 2 };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/uploads/${uploadId}/ar-link`,
          payload: body,
          headers: { 'x-upload-claim': stranger },
        })
      ).statusCode,
    ).toBe(404);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${uploadId}/ar-link`,
      payload: body,
      headers: { 'x-upload-claim': owner },
    });
    expect(link.statusCode).toBe(200);
    const { glbUrl: url } = link.json<{ glbUrl: string }>();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect((await validator.validateBytes(new Uint8Array(res.rawPayload))).issues.numErrors).toBe(0);
    // The same signature for another size, or a changed signature, is refused.
    expect((await t.app.inject({ method: 'GET', url: url.replace('width=24', 'width=40') })).statusCode).toBe(404);
    const tampered = url.replace(/sig=([A-Za-z0-9_-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const refused = await t.app.inject({ method: 'GET', url: tampered });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
