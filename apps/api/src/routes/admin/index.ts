import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { CatalogueChanged } from '../../services/admin/catalogue';
import { adminCatalogueRoutes } from './catalogue';
import { adminCouponsRoutes } from './coupons';
import { adminOrdersRoutes } from './orders';
import { adminShippingSettingsRoutes } from './shipping-settings';
import { adminTaxSettingsRoutes } from './tax-settings';

export { adminPrintRoutes } from './print-files';

/**
 * The owner's console API under /api/admin (docs/admin-api.md), one file per resource: orders, the catalogue, the
 * shipping charges, coupon codes and the tax settings. Every route needs an admin (401 without a session, 403 for
 * customers), checked by each file's own hook before the body is read. The orders' mock-ups and print files
 * (./print-files.ts) are registered on their own: they also start the print-file job's worker.
 */
export const adminRoutes = (ctx: AppContext, options: { catalogueChanged?: CatalogueChanged } = {}): FastifyPluginAsyncZod =>
  async function adminPlugin(app) {
    await app.register(adminOrdersRoutes(ctx));
    await app.register(adminCatalogueRoutes(ctx, options));
    await app.register(adminShippingSettingsRoutes(ctx));
    await app.register(adminCouponsRoutes(ctx));
    await app.register(adminTaxSettingsRoutes(ctx));
  };
