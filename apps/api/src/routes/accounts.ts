import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserResponseSchema,
  errorBodySchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_TRIES,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_CODE_SENT_MESSAGE,
  LOGIN_SUCCESS_MESSAGE,
  loginBodySchema,
  loginCodeRequestBodySchema,
  loginCodeVerifyBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  REGISTER_SUCCESS_MESSAGE,
  registerBodySchema,
  registerResponseSchema,
  RESET_PASSWORD_SUCCESS_MESSAGE,
  resetPasswordBodySchema,
  ShopError,
  updateUserBodySchema,
  updateUserResponseSchema,
  type Locale,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { findAddress } from '../services/addresses';
import {
  createPasswordReset,
  deleteOldPasswordResets,
  endSessions,
  findUserByEmail,
  findUserById,
  localeOfUser,
  logIn,
  publicUser,
  registerUser,
  resetPassword,
  setUserLocale,
  signInWithCheckedEmail,
} from '../services/auth/accounts';
import { loginCodeEmail } from '../services/auth/login-code-email';
import { checkLoginCode, deleteOldLoginCodes, issueLoginCode, loginCodeKey, type LoginCodeChannel } from '../services/auth/login-codes';
import { assertUncommonPassword } from '../services/auth/common-passwords';
import { dummyPasswordHash } from '../services/auth/passwords';
import { passwordResetEmail } from '../services/auth/reset-email';
import {
  clearSignInFailures,
  DEFAULT_SIGN_IN_DELAY,
  deleteOldSignInFailures,
  recordSignInFailure,
  signInKey,
  signInWaitSeconds,
  type SignInDelayRule,
} from '../services/auth/sign-in-failures';
import { mailFor } from '../services/mail';
import { deleteExpiredRateLimits, rateLimit, type RateLimitRule } from '../services/rate-limit';
import { requestLocale } from '../services/request-locale';

/**
 * Rate limits of the account routes (docs/decisions/014-accounts-and-sessions.md, 039-sign-in-limits-and-sessions.md).
 * Per-address limits count every request and run before the body is read (onRequest), so a body that never finishes
 * still counts. Tests pass smaller ones to buildApp.
 */
export interface AccountRateLimits {
  loginPerIp: RateLimitRule;
  /** Failed sign-ins on one account from one address slow further attempts from there down progressively. */
  loginFailureDelay: SignInDelayRule;
  registerPerIp: RateLimitRule;
  forgotPasswordPerIp: RateLimitRule;
  forgotPasswordPerEmail: RateLimitRule;
  resetPasswordPerIp: RateLimitRule;
  /** POST /api/login/code: codes asked for from one address, and for one e-mail (each one is an e-mail sent). */
  loginCodePerIp: RateLimitRule;
  loginCodePerEmail: RateLimitRule;
  /** POST /api/login/code/verify from one address; each code also allows only LOGIN_CODE_MAX_TRIES tries. */
  loginCodeVerifyPerIp: RateLimitRule;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  // Per IP limits stay generous: Indian mobile networks put many customers behind one address (carrier NAT).
  loginPerIp: { limit: 50, windowSeconds: 15 * MINUTE },
  loginFailureDelay: DEFAULT_SIGN_IN_DELAY,
  registerPerIp: { limit: 20, windowSeconds: HOUR },
  forgotPasswordPerIp: { limit: 10, windowSeconds: HOUR },
  forgotPasswordPerEmail: { limit: 5, windowSeconds: HOUR },
  resetPasswordPerIp: { limit: 20, windowSeconds: HOUR },
  loginCodePerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  loginCodePerEmail: { limit: 5, windowSeconds: HOUR },
  loginCodeVerifyPerIp: { limit: 50, windowSeconds: 15 * MINUTE },
};

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const TOO_MANY_SIGN_UPS = 'Too many accounts were created from this network. Please try again later.';
const TOO_MANY_RESETS = 'Too many password reset requests. Please wait a while and try again.';
const TOO_MANY_CODES = 'Too many sign-in codes were asked for. Please wait a while and try again.';

const SESSION_GONE = 'Your session has expired or is not valid. Please sign in again.';

const CLEANUP_QUEUE = 'accounts-cleanup';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

export const accountsRoutes = (ctx: AppContext, limits: Partial<AccountRateLimits> = {}): FastifyPluginAsyncZod =>
  async function accounts(app) {
    const rules = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...limits };
    const db = ctx.database;
    const mail = await mailFor(ctx);
    void dummyPasswordHash(); // made now rather than on the first sign-in with an unknown e-mail

    await ctx.jobs.define(CLEANUP_QUEUE);
    await ctx.jobs.work(CLEANUP_QUEUE, async () => {
      await deleteExpiredRateLimits(db);
      await deleteOldSignInFailures(db, rules.loginFailureDelay);
      await deleteOldPasswordResets(db);
      await deleteOldLoginCodes(db);
    });
    if (ctx.jobs.runsWorkers) await ctx.jobs.schedule(CLEANUP_QUEUE, '17 * * * *');

    /** Password resets still being prepared after their reply; the app waits for them when it closes. */
    const pending = new Set<Promise<unknown>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...pending]);
    });

    /** `visitLocale`: the language of the request, for an account that has not chosen one. */
    async function sendPasswordReset(email: string, visitLocale: Locale): Promise<void> {
      const reset = await createPasswordReset(db, email);
      if (!reset) return;
      const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(reset.token)}`;
      await mail.send(
        passwordResetEmail({
          locale: reset.user.locale ?? visitLocale,
          to: reset.user.email,
          firstName: reset.user.firstName,
          link,
          expiresAt: reset.expiresAt,
          shopName: ctx.config.site.name,
          supportEmail: ctx.config.site.supportEmail,
        }),
      );
    }

    const codeKey = loginCodeKey(ctx.config.auth.jwtSecret);
    /** Codes go by e-mail; a WhatsApp channel, once configured, is chosen here (services/auth/login-codes.ts). */
    const sendLoginCode: LoginCodeChannel = (delivery) =>
      mail.send(loginCodeEmail({ ...delivery, shopName: ctx.config.site.name, supportEmail: ctx.config.site.supportEmail }));

    const byIp = (name: string) => (request: FastifyRequest) => `${name}:ip:${request.ip}`;
    const byBodyEmail = (name: string, field: 'userName' | 'email') => (request: FastifyRequest) => {
      const value = (request.body as Record<string, unknown> | undefined)?.[field];
      return typeof value === 'string' ? `${name}:email:${value.toLowerCase()}` : undefined;
    };

    app.post(
      '/register',
      {
        schema: {
          summary: 'Create a customer account',
          description:
            "Does not sign in: the client signs in next with POST /api/login. `locale` (optional, `en` or `hi`) is kept as the account's language. 409 EMAIL_TAKEN when the e-mail (any letter case) has an account. Rate limited per IP.",
          tags: ['accounts'],
          body: registerBodySchema,
          response: { 201: registerResponseSchema, ...errors(400, 409, 429) },
        },
        onRequest: [rateLimit(db, { key: byIp('register'), ...rules.registerPerIp, message: TOO_MANY_SIGN_UPS })],
      },
      async (request, reply) => {
        assertUncommonPassword(request.body.password);
        const user = await registerUser(db, request.body);
        return reply.status(201).send({ message: REGISTER_SUCCESS_MESSAGE, user });
      },
    );

    app.post(
      '/login',
      {
        schema: {
          summary: 'Sign in with e-mail (userName) and password',
          description:
            '`rememberMe` gives a 30-day session, otherwise 12 hours. The user carries its `locale` (null until chosen), which the web app adopts. A wrong password and an unknown e-mail get the same 401. Rate limited per IP (every attempt); failed attempts on one account from one address make that address wait progressively longer (429 with Retry-After), without affecting other addresses.',
          tags: ['accounts'],
          body: loginBodySchema,
          response: { 200: loginResponseSchema, ...errors(400, 401, 429) },
        },
        onRequest: [rateLimit(db, { key: byIp('login'), ...rules.loginPerIp, message: TOO_MANY_SIGN_INS })],
      },
      async (request, reply) => {
        const failureKey = signInKey(request.body.userName, request.ip);
        const wait = await signInWaitSeconds(db, failureKey, rules.loginFailureDelay);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new ShopError('RATE_LIMITED', TOO_MANY_SIGN_INS, { retryAfterSeconds: wait });
        }
        try {
          const { token, user } = await logIn(db, ctx.config.auth.jwtSecret, request.body);
          await clearSignInFailures(db, failureKey);
          return { token, user, message: LOGIN_SUCCESS_MESSAGE } as const;
        } catch (error) {
          if (error instanceof ShopError && error.code === 'INVALID_CREDENTIALS')
            await recordSignInFailure(db, failureKey, rules.loginFailureDelay);
          throw error;
        }
      },
    );

    app.post(
      '/login/code',
      {
        schema: {
          summary: 'E-mail a one-time sign-in code',
          description: `Always 202 with the same message, whether or not the e-mail has an account (the first sign-in with a code makes one). The code is ${LOGIN_CODE_LENGTH} digits, valid ${LOGIN_CODE_TTL_MINUTES} minutes and once; asking again replaces it. The e-mail is in the account's language, or in the request's (\`?lang=\`, the \`lang\` cookie, then Accept-Language). Rate limited per IP and per e-mail (429 RATE_LIMITED with Retry-After).`,
          tags: ['accounts'],
          body: loginCodeRequestBodySchema,
          response: { 202: messageResponseSchema, ...errors(400, 429) },
        },
        onRequest: [rateLimit(db, { key: byIp('login-code'), ...rules.loginCodePerIp, message: TOO_MANY_CODES })],
        preHandler: [rateLimit(db, { key: byBodyEmail('login-code', 'email'), ...rules.loginCodePerEmail, message: TOO_MANY_CODES })],
      },
      async (request, reply) => {
        const email = request.body.email;
        // The same work for a known and an unknown e-mail: one look-up (for the account's language and name), one code.
        const account = await findUserByEmail(db, email);
        const { code, expiresAt } = await issueLoginCode(db, codeKey, email);
        await sendLoginCode({
          email,
          code,
          expiresAt,
          locale: (account && localeOfUser(account)) ?? requestLocale(request),
          firstName: account?.firstName ?? '',
        });
        return reply.status(202).send({ message: LOGIN_CODE_SENT_MESSAGE });
      },
    );

    app.post(
      '/login/code/verify',
      {
        schema: {
          summary: 'Sign in with the e-mailed one-time code',
          description: `Answers as POST /api/login does (a 12-hour session). An e-mail without an account gets one now: no password (password sign-in refuses it until one is set through forgot-password), empty names and mobile, filled from the first saved address. 401 LOGIN_CODE_INVALID for a wrong, expired or used code; after ${LOGIN_CODE_MAX_TRIES} tries on one code, 429 LOGIN_CODE_TOO_MANY_TRIES until a new code is asked for. Rate limited per IP.`,
          tags: ['accounts'],
          body: loginCodeVerifyBodySchema,
          response: { 200: loginResponseSchema, ...errors(400, 401, 429) },
        },
        onRequest: [rateLimit(db, { key: byIp('login-code-verify'), ...rules.loginCodeVerifyPerIp, message: TOO_MANY_SIGN_INS })],
      },
      async (request) => {
        const { email, code } = request.body;
        const check = await checkLoginCode(db, codeKey, email, code);
        if (check === 'too-many-tries') throw new ShopError('LOGIN_CODE_TOO_MANY_TRIES');
        if (check !== 'ok') throw new ShopError('LOGIN_CODE_INVALID');
        const { token, user } = await signInWithCheckedEmail(db, ctx.config.auth.jwtSecret, email);
        return { token, user, message: LOGIN_SUCCESS_MESSAGE } as const;
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          summary: 'Sign out: ends the session on the server',
          description:
            "The token stops working at once, and so does every other session of the account (the account's session version goes up). 204 without a body; without a token, 401.",
          tags: ['accounts'],
          security: [{ bearerAuth: [] }],
          response: { 204: z.null().describe('Signed out'), ...errors(401) },
        },
        preHandler: requireUser,
      },
      async (request, reply) => {
        await endSessions(db, userIdOf(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/user',
      {
        schema: {
          summary: 'The signed-in customer, with the language (`locale`) and the saved address (null when none)',
          tags: ['accounts'],
          security: [{ bearerAuth: [] }],
          response: { 200: currentUserResponseSchema, ...errors(401) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        const userId = userIdOf(request);
        const [row, address] = await Promise.all([findUserById(db, userId), findAddress(db, userId)]);
        if (!row) throw new ShopError('UNAUTHORIZED', SESSION_GONE); // deleted a moment ago
        return { user: { ...publicUser(row), address } };
      },
    );

    app.patch(
      '/user',
      {
        schema: {
          summary: "Change the signed-in customer's account: its language",
          description:
            "`locale` is `en` or `hi`: the account's e-mails are written in it from now on, and the web app adopts it at sign-in. Anything else is 400 VALIDATION. Answers the account as it is now.",
          tags: ['accounts'],
          security: [{ bearerAuth: [] }],
          body: updateUserBodySchema,
          response: { 200: updateUserResponseSchema, ...errors(400, 401) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        const user = await setUserLocale(db, userIdOf(request), request.body.locale);
        if (!user) throw new ShopError('UNAUTHORIZED', SESSION_GONE);
        return { user };
      },
    );

    app.post(
      '/forgot-password',
      {
        schema: {
          summary: 'E-mail a password-reset link',
          description:
            "Always 202 with the same message, whether or not the e-mail has an account. The link is single-use and expires after 1 hour. The e-mail is in the account's language, or, when it has none, in the request's (`?lang=`, the `lang` cookie, then Accept-Language). Rate limited per IP and per e-mail.",
          tags: ['accounts'],
          body: forgotPasswordBodySchema,
          response: { 202: messageResponseSchema, ...errors(400, 429) },
        },
        onRequest: [rateLimit(db, { key: byIp('forgot'), ...rules.forgotPasswordPerIp, message: TOO_MANY_RESETS })],
        preHandler: [rateLimit(db, { key: byBodyEmail('forgot', 'email'), ...rules.forgotPasswordPerEmail, message: TOO_MANY_RESETS })],
      },
      async (request, reply) => {
        // The answer must not tell whether the e-mail has an account, not even by its timing: the look-up, the token
        // and the queued e-mail happen after the reply.
        const email = request.body.email;
        const work = sendPasswordReset(email, requestLocale(request)).catch((err: unknown) =>
          request.log.error({ err }, 'could not start a password reset'),
        );
        pending.add(work);
        void work.finally(() => pending.delete(work));
        return reply.status(202).send({ message: FORGOT_PASSWORD_MESSAGE });
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          summary: 'Set a new password with the token from the e-mailed link',
          description: '400 RESET_TOKEN_INVALID for an unknown, used or expired token. Ends every existing session of the account.',
          tags: ['accounts'],
          body: resetPasswordBodySchema,
          response: { 200: messageResponseSchema, ...errors(400, 429) },
        },
        onRequest: [rateLimit(db, { key: byIp('reset'), ...rules.resetPasswordPerIp, message: TOO_MANY_RESETS })],
      },
      async (request) => {
        assertUncommonPassword(request.body.password);
        await resetPassword(db, request.body.token, request.body.password);
        return { message: RESET_PASSWORD_SUCCESS_MESSAGE };
      },
    );
  };
