import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addAddressBodySchema,
  addAddressResponseSchema,
  ADDRESS_SAVED_MESSAGE,
  errorBodySchema,
  getAddressResponseSchema,
  ShopError,
  textIdSchema,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { findAddress, saveAddress } from '../services/addresses';
import { fillAccountFromAddress } from '../services/auth/accounts';

const NOT_YOURS = 'You can only see and change your own address.';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

export const addressesRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function addressRoutes(app) {
    app.post(
      '/add-address',
      {
        schema: {
          summary: "Save the signed-in customer's delivery address (one per customer, replaced on each save)",
          description:
            'The server checks the pincode, city and state again: 422 ADDRESS_MISMATCH (with `field`) when they disagree with the pincode directory. A pincode missing from the directory is accepted with the typed city and a state of its pincode zone. `userId` must be the signed-in user (403 otherwise). An account without names or mobile (made by a sign-in code) takes them from the address: the first word of the full name as first name, the rest as last name, and the phone.',
          tags: ['accounts'],
          security: [{ bearerAuth: [] }],
          body: addAddressBodySchema,
          response: { 200: addAddressResponseSchema, ...errors(400, 401, 403, 422) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        const userId = userIdOf(request);
        if (request.body.userId !== userId) throw new ShopError('FORBIDDEN', NOT_YOURS);
        const address = await saveAddress(ctx.database, userId, request.body.address);
        await fillAccountFromAddress(ctx.database, userId, address);
        return { message: ADDRESS_SAVED_MESSAGE, address } as const;
      },
    );

    app.get(
      '/address/:userId',
      {
        schema: {
          summary: "The signed-in customer's saved address (null when none)",
          tags: ['accounts'],
          security: [{ bearerAuth: [] }],
          params: z.object({ userId: textIdSchema(100) }),
          response: { 200: getAddressResponseSchema, ...errors(401, 403) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        const userId = userIdOf(request);
        if (request.params.userId !== userId) throw new ShopError('FORBIDDEN', NOT_YOURS);
        return { address: await findAddress(ctx.database, userId) };
      },
    );
  };
