import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest } from './api';

function respond(body: unknown, init: ResponseInit = {}) {
  const fetchMock = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
        ...init,
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api', () => {
  it('sends JSON with a bearer token and returns the parsed body', async () => {
    const fetchMock = respond({ id: 'order_1' }, { status: 201 });
    await expect(api.post('/api/create-order', { amount: 43200 }, { token: 'abc' })).resolves.toEqual({
      id: 'order_1',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/create-order');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"amount":43200}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer abc' });
  });

  it('throws an ApiError carrying status, code and message from the error body', async () => {
    respond({ message: 'Image must be at least 700x700px', code: 'UPLOAD_TOO_SMALL', limit: 700 }, { status: 422 });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'UPLOAD_TOO_SMALL',
      message: 'Image must be at least 700x700px',
      details: { limit: 700 },
    });
  });

  it('falls back to a generic code and message when the error body is not JSON', async () => {
    respond('<html>Bad gateway</html>', { status: 502 });
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Request failed with status 502',
    });
  });

  it('turns a network failure into a NETWORK_ERROR ApiError', async () => {
    await expect(apiRequest('/api/site')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('does not set a JSON content type for FormData bodies', async () => {
    const fetchMock = respond({ url: '/media/a.jpg' }, { status: 201 });
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');
    await api.post('/api/upload-image', form);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('returns undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
  });
});
