import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * app.inject that keeps every response body, so a test file can check at the end that no answer ever carried a
 * password hash (or the password itself).
 */
export class Client {
  readonly bodies: string[] = [];

  constructor(private readonly app: FastifyInstance) {}

  async inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.app.inject(options);
    this.bodies.push(res.body);
    return res;
  }

  post(url: string, payload: unknown, opts: { token?: string; ip?: string; headers?: Record<string, string> } = {}) {
    return this.inject({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
  }

  get(url: string, opts: { token?: string; headers?: Record<string, string> } = {}) {
    return this.inject({
      method: 'GET',
      url,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
  }

  /** No body seen so far holds an argon2 hash, a password-hash field or one of the given passwords. */
  expectNoSecrets(passwords: string[] = []): void {
    expect(this.bodies.length).toBeGreaterThan(0);
    for (const body of this.bodies) {
      expect(body).not.toMatch(/\$argon2/);
      expect(body).not.toMatch(/password_?hash/i);
      for (const password of passwords) expect(body).not.toContain(password);
    }
  }
}

let counter = 0;

/** A valid register body with a unique e-mail. */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    email: `asha.${process.pid}.${Date.now()}.${counter}@example.in`,
    password: 'correct horse battery',
    mobile: '98765 43210',
    ...overrides,
  };
}

/** Registers and signs in a customer; returns the token and the user. */
export async function signUpAndIn(client: Client, overrides: Record<string, unknown> = {}, ip?: string) {
  const body = newCustomer(overrides);
  const reg = await client.post('/api/register', body, { ip });
  expect(reg.statusCode).toBe(201);
  const login = await client.post('/api/login', { userName: body.email, password: body.password }, { ip });
  expect(login.statusCode).toBe(200);
  const { token, user } = login.json<{ token: string; user: { _id: string; email: string } }>();
  return { token, user, body };
}

/** Asserts the API error shape and returns the body. */
export function expectError(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ message: string; code: string } & Record<string, unknown>>();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
  return body;
}
