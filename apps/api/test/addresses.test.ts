import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_SAVED_MESSAGE } from '@framewala/domain';
import { pincodeDirectory } from '../src/services/pincode';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let client: Client;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client, { firstName: 'Ravi' });
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

const address = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Asha Rao',
  phone: '+91 98765 43210',
  altPhone: '',
  email: 'Asha@Example.in',
  addressLine1: '12, MG Road',
  addressLine2: 'Near the metro',
  city: 'Bangalore',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  companyName: '',
  isHyperlocal: false,
  billingSameAsDelivery: true,
  ...overrides,
});

const save = (who: { token: string; user: { _id: string } }, body: Record<string, unknown>, userId = who.user._id) =>
  client.post('/api/add-address', { userId, address: body }, { token: who.token });

async function addressRows(userId: string) {
  const { rows } = await t.database.pool.query('SELECT * FROM addresses WHERE user_id = $1', [userId]);
  return rows as Record<string, unknown>[];
}

describe('POST /api/add-address and GET /api/address/:userId', () => {
  it('needs a signed-in user', async () => {
    expectError(await client.post('/api/add-address', { userId: asha.user._id, address: address() }), 401, 'UNAUTHORIZED');
    expectError(await client.get(`/api/address/${asha.user._id}`), 401, 'UNAUTHORIZED');
    expectError(
      await client.post('/api/add-address', { userId: asha.user._id, address: address() }, { token: 'forged.token.value' }),
      401,
      'UNAUTHORIZED',
    );
    expect(await addressRows(asha.user._id)).toHaveLength(0);
  });

  it('answers null before anything is saved', async () => {
    const res = await client.get(`/api/address/${asha.user._id}`, { token: asha.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: null });
  });

  it('saves the address normalised, answers the seed message, and reads it back', async () => {
    const res = await save(asha, address({ altPhone: '080 2222 3333', companyName: ' Rao Prints ' }));
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...address(),
      phone: '+919876543210',
      altPhone: '+918022223333',
      email: 'asha@example.in',
      companyName: 'Rao Prints',
      gstin: '',
    };
    expect(res.json()).toEqual({ message: ADDRESS_SAVED_MESSAGE, address: expected });
    const read = await client.get(`/api/address/${asha.user._id}`, { token: asha.token });
    expect(read.json()).toEqual({ address: expected });
    const user = await client.get('/api/user', { token: asha.token });
    expect(user.json<{ user: { address: unknown } }>().user.address).toEqual(expected);
  });

  it('fills the defaults for country, hyperlocal, billing and the optional fields', async () => {
    const res = await save(ravi, {
      fullName: 'Ravi K',
      phone: '9876543211',
      email: 'ravi@example.in',
      addressLine1: '1 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ address: Record<string, unknown> }>().address).toMatchObject({
      country: 'IN',
      isHyperlocal: false,
      billingSameAsDelivery: true,
      altPhone: '',
      addressLine2: '',
      companyName: '',
    });
  });

  it("refuses another user's id with 403 and changes nothing (IDOR)", async () => {
    const before = await addressRows(asha.user._id);
    expectError(await save(ravi, address({ fullName: 'Hijacked' }), asha.user._id), 403, 'FORBIDDEN');
    expectError(await client.get(`/api/address/${asha.user._id}`, { token: ravi.token }), 403, 'FORBIDDEN');
    expectError(await client.get(`/api/address/not-a-user`, { token: ravi.token }), 403, 'FORBIDDEN');
    expect(await addressRows(asha.user._id)).toEqual(before);
    expect((await addressRows(ravi.user._id))[0]!.full_name).toBe('Ravi K');
  });

  it('keeps one address per customer, replaced on each save', async () => {
    const res = await save(asha, address({ addressLine1: '99, Residency Road', city: 'Bengaluru' }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await addressRows(asha.user._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ address_line1: '99, Residency Road', city: 'Bengaluru', in_directory: true });
  });
});

describe('the server checks pincode, city and state together', () => {
  it('accepts the directory district, a post office name or a known other name of the city', async () => {
    for (const city of ['Bangalore', 'Bengaluru', 'bangalore', 'Vidhana Soudha', 'Bengaluru Urban']) {
      expect((await save(asha, address({ city }))).statusCode, city).toBe(200);
    }
    expect((await save(asha, address({ postalCode: '110001', city: 'New Delhi', state: 'Delhi' }))).statusCode).toBe(200);
    expect((await save(asha, address({ postalCode: '400001', city: 'Bombay', state: 'Maharashtra' }))).statusCode).toBe(200);
    expect((await save(asha, address({ postalCode: '160003', city: 'Chandigarh', state: 'Chandigarh' }))).statusCode).toBe(200);
  });

  it('answers 422 ADDRESS_MISMATCH naming the field when they disagree', async () => {
    const state = expectError(await save(asha, address({ state: 'Kerala' })), 422, 'ADDRESS_MISMATCH');
    expect(state.field).toBe('state');
    expect(state.message).toBe('This pincode is in Karnataka, not Kerala.');
    const city = expectError(await save(asha, address({ city: 'Mysore' })), 422, 'ADDRESS_MISMATCH');
    expect(city.field).toBe('city');
    expect(city.message).toBe('This pincode is in Bangalore, not Mysore.');
    const delhi = expectError(await save(asha, address({ postalCode: '110001', city: 'Mumbai', state: 'Delhi' })), 422, 'ADDRESS_MISMATCH');
    expect(delhi.field).toBe('city');
    expect((await addressRows(asha.user._id))[0]!.postal_code).toBe('160003');
  });

  it('accepts Leh under Ladakh, the directory files it under Jammu & Kashmir', async () => {
    expect((await save(asha, address({ postalCode: '194101', city: 'Leh', state: 'Ladakh' }))).statusCode).toBe(200);
    expectError(await save(asha, address({ postalCode: '194101', city: 'Leh', state: 'Jammu and Kashmir' })), 422, 'ADDRESS_MISMATCH');
  });

  it('accepts a pincode missing from the directory with the typed city and a state of its zone', async () => {
    const directory = await pincodeDirectory();
    let missing = '';
    for (let n = 560001; n < 570000 && !missing; n += 1) if (!directory.has(String(n))) missing = String(n);
    expect(missing).not.toBe('');
    const res = await save(asha, address({ postalCode: missing, city: 'Bengaluru', state: 'Karnataka' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await addressRows(asha.user._id))[0]).toMatchObject({ postal_code: missing, in_directory: false });
    const wrongZone = expectError(
      await save(asha, address({ postalCode: missing, city: 'Amritsar', state: 'Punjab' })),
      422,
      'ADDRESS_MISMATCH',
    );
    expect(wrongZone.message).toMatch(/Pincodes starting with 5 are not in Punjab/);
  });
});

describe('bad address bodies', () => {
  it('answers 400 VALIDATION naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [address({ fullName: '' }), 'address.fullName'],
      [address({ phone: '12345' }), 'address.phone'],
      [address({ altPhone: 'abc' }), 'address.altPhone'],
      [address({ email: 'no' }), 'address.email'],
      [address({ addressLine1: '  ' }), 'address.addressLine1'],
      [address({ postalCode: '56001' }), 'address.postalCode'],
      [address({ postalCode: '060001' }), 'address.postalCode'],
      [address({ state: 'Narnia' }), 'address.state'],
      [address({ country: 'US' }), 'address.country'],
      [address({ isHyperlocal: 'yes' }), 'address.isHyperlocal'],
      [address({ city: 'x'.repeat(101) }), 'address.city'],
      [address({ addressLine2: 'line\u0000two' }), 'address.addressLine2'],
    ];
    for (const [body, path] of cases) {
      const err = expectError(await save(asha, body), 400, 'VALIDATION');
      expect(err.message, path).toContain(`Invalid ${path}`);
    }
  });

  it('refuses unknown fields, missing parts, __proto__ and huge bodies with 4xx, never 5xx', async () => {
    const json = { 'content-type': 'application/json', authorization: `Bearer ${asha.token}` };
    const payloads = [
      JSON.stringify({ userId: asha.user._id, address: { ...address(), inDirectory: false } }),
      JSON.stringify({ userId: asha.user._id, address: address(), extra: 1 }),
      JSON.stringify({ userId: asha.user._id }),
      JSON.stringify({ address: address() }),
      JSON.stringify({ userId: 42, address: address() }),
      JSON.stringify({ userId: asha.user._id, address: [address()] }),
      `{"userId":"${asha.user._id}","address":{"__proto__":{"isAdmin":true},"fullName":"A"}}`,
      `{"userId":"${asha.user._id}","address":{"constructor":{"prototype":{"x":1}}}}`,
      JSON.stringify({ userId: asha.user._id, address: address({ addressLine1: 'x'.repeat(2 * 1024 * 1024) }) }),
      '{"userId":',
    ];
    for (const payload of payloads) {
      const res = await client.inject({ method: 'POST', url: '/api/add-address', headers: json, payload });
      expect(res.statusCode, payload.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 80)).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
