import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingSettingsResponseSchema, shippingSettingsSchema } from '@framewala/domain';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { saveShippingSettings, shippingSettingsOf } from '../../services/shipping';
import { errors, SECURITY, TAGS } from './common';

/** The shipping charges in the owner's console (docs/admin-api.md). An admin only, checked before the body is read. */
export const adminShippingSettingsRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function adminShippingSettingsPlugin(app) {
    app.addHook('onRequest', requireAdmin);

    app.get(
      '/admin/shipping-settings',
      {
        schema: {
          summary: 'The shipping charges: metro and elsewhere, the free-shipping subtotal and the oversize charge (paise)',
          tags: TAGS,
          security: SECURITY,
          response: { 200: shippingSettingsResponseSchema, ...errors(401, 403) },
        },
      },
      async () => ({ settings: await shippingSettingsOf(ctx.database) }),
    );

    app.put(
      '/admin/shipping-settings',
      {
        schema: {
          summary: 'Change the shipping charges (new quotes and orders only; placed orders keep theirs)',
          description: 'Every server uses the new charges within a second.',
          tags: TAGS,
          security: SECURITY,
          body: shippingSettingsSchema,
          response: { 200: shippingSettingsResponseSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => ({ settings: await saveShippingSettings(ctx.database, request.body) }),
    );
  };
