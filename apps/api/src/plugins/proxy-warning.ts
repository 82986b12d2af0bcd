import fp from 'fastify-plugin';
import type { Config } from '../config/env';

export const PROXY_WITHOUT_TRUST_PROXY =
  'Requests arrive through a proxy (they carry X-Forwarded-For) but TRUST_PROXY is not set: every customer has the proxy’s address, so all of them share one address’s rate limits and upload slots. Set TRUST_PROXY to the proxy hops or addresses (docs/deploy.md).';

/**
 * A production server whose TRUST_PROXY is unset takes every request's address from its socket
 * (docs/decisions/028-rate-limits-proxies-and-faults.md). Behind a reverse proxy that is the proxy's address for
 * every customer, which the per-address limits (uploads open at once, sign-ins, queued jobs, unfinished uploads) then
 * count together. Such a server logs one warning, the first time a request arrives carrying X-Forwarded-For.
 */
export const proxyWarningPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (config.nodeEnv !== 'production' || config.trustProxy !== false) return;
    let warned = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!warned && request.headers['x-forwarded-for'] !== undefined) {
        warned = true;
        request.log.warn(PROXY_WITHOUT_TRUST_PROXY);
      }
      done();
    });
  },
  { name: 'proxy-warning' },
);
