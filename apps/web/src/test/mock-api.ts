/**
 * Test helper (component tests only): answers the shop's API by method and path through msw (`server.use`), and
 * records every request the page makes (answered or not), with its body and headers. Never imported by the app.
 */
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { server } from './server';

export type MockCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
export type MockReply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
export type MockHandler = (call: MockCall) => MockReply;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * A request's body as the page sent it: JSON parsed, a multipart form as a FormData of this page (as the page built
 * it), any other text as it is.
 */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = new FormData();
    for (const [name, value] of (await request.formData()).entries()) {
      form.append(name, typeof value === 'string' ? value : new File([await value.arrayBuffer()], value.name, { type: value.type }));
    }
    return form;
  }
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function callOf(request: Request): Promise<MockCall> {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    body: await bodyOf(request.clone()),
    headers: Object.fromEntries([...request.headers.entries()].map(([k, v]) => [k.toLowerCase(), v])),
  };
}

export function mockApi(handlers: Record<string, MockHandler | { status?: number; body?: unknown }>) {
  const calls: MockCall[] = [];
  // Every request the page makes, in order, answered or not; the header's contact links are not part of these tests.
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/site') return;
    const call: MockCall = { method: request.method, path: `${url.pathname}${url.search}`, body: undefined, headers: {} };
    calls.push(call);
    void callOf(request).then((read) => Object.assign(call, read));
  });
  server.use(
    ...Object.entries(handlers).map(([key, handler]) => {
      const [method, path] = key.split(' ') as [keyof typeof METHODS, string];
      const resolver: HttpResponseResolver = async ({ request }) => {
        const reply = typeof handler === 'function' ? await handler(await callOf(request)) : handler;
        return reply.body === undefined
          ? new HttpResponse(null, { status: reply.status ?? 200 })
          : HttpResponse.json(reply.body as never, { status: reply.status ?? 200 });
      };
      return METHODS[method](path, resolver);
    }),
  );
  return {
    calls,
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
