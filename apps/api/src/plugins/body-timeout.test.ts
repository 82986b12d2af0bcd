import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyTimeoutPlugin } from './body-timeout';

/** A server with the body timer, where a hook refuses some requests before their body is read. */
async function server() {
  const app = Fastify();
  await app.register(bodyTimeoutPlugin, { timeoutMs: 60_000 });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== 'yes') await reply.code(401).send({ message: 'no', code: 'UNAUTHENTICATED' });
  });
  app.post('/echo', async (request) => request.body);
  return app;
}

afterEach(() => vi.useRealTimers());

describe('the body timer', () => {
  it('is stopped once the body is read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = await server();
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { authorization: 'yes' }, payload: { a: 1 } });
    expect(res.json()).toEqual({ a: 1 });
    expect(vi.getTimerCount()).toBe(0);
    await app.close();
  });

  it('is stopped when a request is answered before its body was read, so no timer outlives its request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = await server();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(res.statusCode).toBe(401);
    expect(vi.getTimerCount()).toBe(0);
    await app.close();
  });
});
