import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/services/storage';
import { Client, signUpAndIn } from './accounts-helpers';
import { createTestApp, drainJobs, tempDir, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';
import { filesUnder, multipart, newClaim, plainJpeg, uploadDirs, uploadTestConfig } from './upload-fixtures';

// User-supplied file names never reach a filesystem path (stored names are the server's: timestamp, random number,
// extension, under a random id), and the server never fetches a URL a user supplies (create-order's image_url is
// ignored: the photo is the upload id's).
let t: TestApp;
let client: Client;
let dataDir: string;
let jpeg: Buffer;

beforeAll(async () => {
  dataDir = await tempDir('framewala-files-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
  });
  client = new Client(t.app);
  jpeg = await plainJpeg(900, 720);
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

const HOSTILE_NAMES = [
  '../../../../etc/cron.d/evil.jpg',
  '..\\..\\..\\windows\\evil.jpeg',
  '/etc/passwd.jpg',
  '%2e%2e%2f%2e%2e%2fescaped.jpg',
  'photo.jpg/../../../../tmp/x.jpg',
  '....//....//x.JPG',
  '~/.ssh/authorized_keys.jpg',
  `${'a'.repeat(5000)}.jpg`,
  'nul\u0000byte.jpg',
  'C:\\evil.tif.jpg',
  'uploads/other-id/original-1-2.jpg',
];

describe('file names from the client', () => {
  it('never decide where a file is written: stored keys are the server’s own', async () => {
    const before = new Set(await filesUnder(dataDir));
    const ids: string[] = [];
    for (const filename of HOSTILE_NAMES) {
      const body = multipart([{ name: 'image', filename, contentType: 'image/jpeg', data: jpeg }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload-image',
        headers: { ...body.headers, 'x-upload-claim': newClaim() },
        payload: body.payload,
      });
      expect(res.statusCode, `${filename.slice(0, 40)}: ${res.body}`).toBe(201);
      expect(res.body).not.toContain(filename.slice(0, 20).split('\u0000').join(''));
      ids.push(res.json<{ _id: string }>()._id);
    }
    const { rows } = await t.database.pool.query<{ id: string; original_key: string; rendition_key: string; thumbnail_key: string }>(
      'SELECT id, original_key, rendition_key, thumbnail_key FROM uploads WHERE id = ANY($1)',
      [ids],
    );
    expect(rows).toHaveLength(HOSTILE_NAMES.length);
    for (const row of rows) {
      expect(row.original_key).toMatch(new RegExp(`^uploads/${row.id}/original-\\d{13}-\\d{1,10}\\.(jpg|jpeg)$`));
      expect(row.rendition_key).toMatch(new RegExp(`^uploads/${row.id}/display-\\d{13}-\\d{1,10}\\.jpg$`));
      expect(row.thumbnail_key).toMatch(new RegExp(`^uploads/${row.id}/thumb-\\d{13}-\\d{1,10}\\.jpg$`));
    }
    // Every new file is one of those keys, inside the store; nothing appeared anywhere else under DATA_DIR.
    const keys = new Set(
      rows.flatMap((r) => [r.original_key, r.rendition_key, r.thumbnail_key].map((k) => path.join('storage', ...k.split('/')))),
    );
    const added = (await filesUnder(dataDir)).filter((f) => !before.has(f));
    expect(added.sort()).toEqual([...keys].sort());
    for (const outside of ['/etc/cron.d/evil.jpg', '/tmp/x.jpg', path.join(dataDir, 'escaped.jpg')]) {
      await expect(fs.access(outside)).rejects.toThrow();
    }
  });

  it('keeps a field name out of messages except as sanitised text', async () => {
    const body = multipart([{ name: '<script>alert(1)</script>../../x', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-image',
      headers: { ...body.headers, 'x-upload-claim': newClaim() },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/<script>|\.\.\//);
  });
});

describe('URLs from the client', () => {
  let decoy: http.Server;
  let hits: string[];
  let decoyUrl: string;
  let catalogue: Catalogue;

  beforeAll(async () => {
    hits = [];
    decoy = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.end('not an image');
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
    const address = decoy.address();
    decoyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    catalogue = await pickCatalogue(t);
  });
  afterAll(async () => {
    await new Promise((resolve) => decoy?.close(resolve));
  });

  it('create-order never fetches image_url: the photo is the upload id’s, and the URL is not stored', async () => {
    const asha = await signUpAndIn(client);
    await saveAddress(t, asha.user._id);
    const photo = await uploadPhoto(t, asha.token);
    const urls = [
      `${decoyUrl}/steal?what=metadata`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'file:///etc/passwd',
      `gopher://127.0.0.1:${new URL(decoyUrl).port}/_x`,
    ];
    const orderIds: string[] = [];
    for (const image_url of urls) {
      const res = await createOrder(client, asha.token, orderBody(catalogue, photo, { image_url }));
      expect(res.statusCode, res.body).toBe(201);
      orderIds.push(res.json<{ orderId: string }>().orderId);
    }
    await drainJobs(t.database.pool); // anything fired in the background has run by now
    expect(hits).toEqual([]);
    const { rows } = await t.database.pool.query('SELECT * FROM orders WHERE id = ANY($1)', [orderIds]);
    expect(rows).toHaveLength(urls.length);
    for (const row of rows) {
      expect(row.lines.map((l: { uploadId: string }) => l.uploadId)).toEqual([photo]);
      const text = JSON.stringify(row);
      for (const url of urls) expect(text).not.toContain(url);
    }
    const detail = await client.get(`/api/orders/${orderIds[0]}`, { token: asha.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(decoyUrl);
  });

  it('a photo id that is a URL or a path is just an unknown id', async () => {
    const asha = await signUpAndIn(client);
    await saveAddress(t, asha.user._id);
    for (const uploadId of [`${decoyUrl}/photo.jpg`, '../../etc/passwd', 'file:///etc/passwd']) {
      const res = await createOrder(client, asha.token, orderBody(catalogue, uploadId));
      expect(res.statusCode, res.body).toBe(404);
    }
    for (const id of [encodeURIComponent(`${decoyUrl}/x`), '..%2F..%2Fetc%2Fpasswd']) {
      const res = await client.get(`/api/uploads/${id}`, { headers: { 'x-upload-claim': newClaim() } });
      expect(res.statusCode).toBe(404);
    }
    expect(hits).toEqual([]);
  });
});
