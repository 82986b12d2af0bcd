import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxSettingsResponseSchema, taxSettingsSchema } from '@framewala/domain';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { saveTaxSettings, taxSettingsOf } from '../../services/invoices';
import { errors, SECURITY, TAGS } from './common';

/** The seller's details on tax invoices, in the owner's console (docs/admin-api.md). An admin only, checked before the body is read. */
export const adminTaxSettingsRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function adminTaxSettingsPlugin(app) {
    app.addHook('onRequest', requireAdmin);

    app.get(
      '/admin/tax-settings',
      {
        schema: {
          summary: "The seller's details on tax invoices: legal name, address, state, GSTIN, HSN, GST rate, invoice prefix",
          description: "`saved` is false while the configuration's defaults apply.",
          tags: TAGS,
          security: SECURITY,
          response: { 200: taxSettingsResponseSchema, ...errors(401, 403) },
        },
      },
      async () => taxSettingsOf(ctx.database.db, ctx.config.tax),
    );

    app.put(
      '/admin/tax-settings',
      {
        schema: {
          summary: 'Change the tax settings (invoices issued from now on; issued ones keep what they say)',
          description: '`rateBp` in basis points: 0, 500, 1200, 1800 or 2800 (18 % is 1800).',
          tags: TAGS,
          security: SECURITY,
          body: taxSettingsSchema,
          response: { 200: taxSettingsResponseSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        await saveTaxSettings(ctx.database, request.body);
        return taxSettingsOf(ctx.database.db, ctx.config.tax);
      },
    );
  };
