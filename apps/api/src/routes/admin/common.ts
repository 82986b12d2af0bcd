import { errorBodySchema } from '@framewala/domain';

/** The error answers a route documents, each in the one error shape. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

/** Every console route: under the `admin` tag, with a bearer token of an admin. */
export const TAGS = ['admin'];
export const SECURITY = [{ bearerAuth: [] }];
