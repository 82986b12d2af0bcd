/**
 * Test helper (component tests only): answers `fetch` by method and path, records every call, and fails any call no
 * handler expects. Never imported by the app.
 */
import { vi } from 'vitest';

export type MockCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
export type MockReply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
export type MockHandler = (call: MockCall) => MockReply;

export function mockApi(handlers: Record<string, MockHandler | { status?: number; body?: unknown }>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    let body: unknown = undefined;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call = { method, path: `${url.pathname}${url.search}`, body, headers };
    const handler = handlers[`${method} ${url.pathname}`];
    // The header's contact links (`GET /api/site`) are not part of these tests: unanswered and not recorded.
    if (!handler && `${method} ${url.pathname}` === 'GET /api/site') throw new TypeError('site config is not part of this test');
    calls.push(call);
    if (!handler) throw new TypeError(`unexpected fetch in test: ${method} ${url.pathname}`);
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path),
  };
}

/** A signed JWT-looking token whose payload has the given expiry (seconds since the epoch); the signature is fake. */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', role: 'customer', exp: expSeconds })}.c2lnbmF0dXJl`;
}

export const SAMPLE_USER = {
  _id: 'user-1',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  mobileNumber: '+919876543210',
  role: 'customer' as const,
};

/** Stores a session as the app does after sign-in. */
export function signInAs(user = SAMPLE_USER, token = fakeToken()) {
  window.localStorage.setItem('framewala.token', token);
  window.localStorage.setItem('framewala.user', JSON.stringify(user));
  return token;
}
