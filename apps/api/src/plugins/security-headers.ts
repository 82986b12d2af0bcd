import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { errorBody } from '@framewala/domain';
import type { Config } from '../config/env';

/**
 * Security headers (helmet) with a strict Content-Security-Policy, and same-origin CORS
 * (docs/decisions/026-security-headers-and-cors.md).
 *
 * - No inline script anywhere: the built web app and the API docs load every script from their own origin.
 * - Razorpay's checkout origins are allowed only when PAYMENT_PROVIDER is razorpay.
 * - Stored images may come from the S3/CDN origin (S3_PUBLIC_URL) when one is configured.
 * - CORS: the API serves its own web app only. No response carries an Access-Control-Allow-* header, and every
 *   preflight (a cross-origin request asking permission) is refused with 403.
 */

/** What Razorpay's Standard Checkout (checkout.js) needs on the merchant's page, per Razorpay's own CSP allowlist. */
export const RAZORPAY_CSP = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
  /** Checkout falls back to posting a form to Razorpay (redirect mode) on some mobile browsers. */
  form: ['https://api.razorpay.com'],
} as const;

export type CspDirectives = Record<string, string[]>;

export interface SecurityPolicyInput {
  provider: Config['payments']['provider'];
  /** The public URL of stored files (S3_PUBLIC_URL), when browsers fetch them from another origin. */
  mediaUrl: string | undefined;
  /** The shop's public URL: HTTPS turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
}

export function securityPolicyInput(config: Config): SecurityPolicyInput {
  return { provider: config.payments.provider, mediaUrl: config.s3?.publicUrl, publicUrl: config.publicUrl };
}

const originOf = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/** The Content-Security-Policy of the web app and the API. */
export function contentSecurityPolicy(input: SecurityPolicyInput): CspDirectives {
  const razorpay = input.provider === 'razorpay';
  const media = originOf(input.mediaUrl);
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...(razorpay ? RAZORPAY_CSP.form : [])],
    'script-src': ["'self'", ...(razorpay ? RAZORPAY_CSP.script : [])],
    'script-src-attr': ["'none'"],
    // Razorpay's checkout.js adds its overlay to our page and may style it inline; styles cannot run code.
    'style-src': ["'self'", ...(razorpay ? ["'unsafe-inline'"] : [])],
    // blob: shows a photo chosen on this device before anything is sent (the crop test page); only our own scripts
    // can mint a blob: URL, and an image cannot run code.
    'img-src': ["'self'", 'blob:', ...media, ...(razorpay ? RAZORPAY_CSP.img : [])],
    'font-src': ["'self'"],
    // blob: lets the 3D viewer read the photo texture packed inside the framed print's .glb (three.js fetches it
    // through a blob: URL it mints itself); a blob: URL reaches nothing outside the page.
    'connect-src': ["'self'", 'blob:', ...media, ...(razorpay ? RAZORPAY_CSP.connect : [])],
    'frame-src': razorpay ? [...RAZORPAY_CSP.frame] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  if (input.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The API docs (/api/docs, Swagger UI) load their scripts from the same origin too, so script-src stays 'self'. Swagger
 * UI adds a <style> element at run time (checked in Chromium: blocked under the shop's policy) and its stylesheet uses
 * data: images (icons); the docs alone get those two allowances, which cannot run code.
 */
export function docsContentSecurityPolicy(input: SecurityPolicyInput): CspDirectives {
  const shop = contentSecurityPolicy({ ...input, provider: 'sandbox' });
  return { ...shop, 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': [...(shop['img-src'] ?? []), 'data:'] };
}

export const DOCS_PREFIX = '/api/docs';

/** The headers helmet would set for these options, computed once. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return headers;
}

const PREFLIGHT_REFUSED = 'Cross-origin requests are not allowed: this API only serves the shop’s own web pages.';

export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const input = securityPolicyInput(config);
    const https = input.publicUrl.startsWith('https:');
    const docsDirectives = docsContentSecurityPolicy(input);

    const common: HelmetOptions = {
      // Razorpay opens bank and UPI pages in pop-ups that report back to the checkout window.
      crossOriginOpenerPolicy: { policy: input.provider === 'razorpay' ? 'same-origin-allow-popups' : 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    };
    // The headers never depend on the request, so helmet runs once here (per request it cost more CPU than the
    // catalogue answer itself: docs/decisions/026-security-headers-and-cors.md).
    const shopHeaders = helmetHeaders({
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(input) },
    });
    const docsHeaders = helmetHeaders({ ...common, contentSecurityPolicy: { useDefaults: false, directives: docsDirectives } });

    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      const docs = url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`) || url.startsWith(`${DOCS_PREFIX}?`);
      reply.headers(docs ? docsHeaders : shopHeaders);
      done();
    });

    // Same-origin CORS: a browser only sends a preflight for a cross-origin request; none is allowed.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
        return reply.status(403).send(errorBody('FORBIDDEN', PREFLIGHT_REFUSED));
      }
    });
  },
  { name: 'security-headers' },
);
