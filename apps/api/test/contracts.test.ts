// @vitest-environment jsdom
/**
 * One contract: the API's routes and the web client use the very same schema objects from packages/domain. The
 * routes are registered on a bare Fastify (with the app's zod compilers and OpenAPI transform) to read the schema
 * objects they were given; the web client's fetch function parses a recorded answer, watched through the same object.
 */
import fastifySwagger from '@fastify/swagger';
import Fastify, { type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminOrderResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  orderDetailResponseSchema,
  orderDetailSchema,
  orderListResponseSchema,
} from '@framewala/domain';
import { TOKEN_STORAGE_KEY } from '../../web/src/lib/auth';
import { fetchOrder } from '../../web/src/lib/orders/orders-api';
import { fetchAdminOrder } from '../../web/src/features/admin/api/orders';
import { adminOrder, orderDetail } from '../../web/src/test/fixtures';
import type { AppContext } from '../src/context';
import { adminRoutes } from '../src/routes/admin';
import { ordersRoutes } from '../src/routes/orders';

async function ordersApp() {
  const routes = new Map<string, RouteOptions>();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => void routes.set(`${String(route.method)} ${route.url}`, route));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'contract', version: '0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The routes only touch the context when a request arrives.
  await app.register(ordersRoutes({} as AppContext), { prefix: '/api' });
  await app.register(adminRoutes({} as AppContext), { prefix: '/api' });
  await app.ready();
  return { app, routes };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the orders contract', () => {
  it('is what the routes validate and serialise with', async () => {
    const { app, routes } = await ordersApp();
    const detail = routes.get('GET /api/orders/:id')?.schema as { response: Record<number, unknown> };
    const list = routes.get('GET /api/orders')?.schema as { response: Record<number, unknown> };
    const create = routes.get('POST /api/create-order')?.schema as { body: unknown; response: Record<number, unknown> };
    expect(detail.response[200]).toBe(orderDetailResponseSchema);
    expect(list.response[200]).toBe(orderListResponseSchema);
    expect(create.body).toBe(createOrderRequestSchema);
    expect(create.response[201]).toBe(createOrderResponseSchema);
    await app.close();
  });

  it('is what the OpenAPI document describes', async () => {
    const { app } = await ordersApp();
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
    };
    const schema = doc.paths['/api/orders/{id}']!.get!.responses['200']!.content['application/json']!.schema as {
      properties: { order: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(Object.keys(schema.properties.order.properties)).toEqual(Object.keys(orderDetailSchema.shape));
    expect([...schema.properties.order.required].sort()).toEqual(Object.keys(orderDetailSchema.shape).sort());
    await app.close();
  });

  it('is what the web client parses a recorded answer with', async () => {
    const recorded = { order: orderDetail() };
    // The recorded answer is one the API's serializer lets through.
    expect(orderDetailResponseSchema.safeParse(recorded).success).toBe(true);
    const watched = vi.spyOn(orderDetailResponseSchema, 'safeParse');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(recorded), { headers: { 'content-type': 'application/json' } })),
    );
    await expect(fetchOrder(recorded.order._id)).resolves.toEqual(recorded.order);
    expect(watched).toHaveBeenCalledWith(recorded);
  });

  it('makes the web client refuse an answer that drifted from it', async () => {
    const { line: _line, ...drifted } = orderDetail();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ order: drifted }), { headers: { 'content-type': 'application/json' } })),
    );
    await expect(fetchOrder(drifted._id)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe("the owner's console contract", () => {
  it("is the route's and the web client's", async () => {
    const { app, routes } = await ordersApp();
    const route = routes.get('GET /api/admin/orders/:id')?.schema as { response: Record<number, unknown> };
    expect(route.response[200]).toBe(adminOrderResponseSchema);
    await app.close();

    const recorded = { order: adminOrder() };
    const watched = vi.spyOn(adminOrderResponseSchema, 'safeParse');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(recorded), { headers: { 'content-type': 'application/json' } })),
    );
    await expect(fetchAdminOrder(recorded.order.id)).resolves.toEqual(recorded.order);
    expect(watched).toHaveBeenCalledWith(recorded);
  });
});
