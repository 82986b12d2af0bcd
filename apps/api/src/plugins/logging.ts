import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env';

/**
 * The server's logger (pino) with secrets redacted (docs/decisions/026-security-headers-and-cors.md, "Logs").
 *
 * Request lines carry only the method, the URL (secret-looking query values replaced), the host and the address:
 * never headers or bodies. Any other log line is scrubbed before it is written: a value under one of these keys (any letter case),
 * at any depth up to five, becomes "[redacted]" (at trace level @fastify/multipart logs every request header, for one).
 * A scrub in code rather than pino's `redact` paths: wildcard paths cost ~50 µs a request, this costs nothing on the
 * request lines and little elsewhere.
 */
export const SECRET_LOG_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-upload-claim',
  'x-razorpay-signature',
  'password',
  'newPassword',
  'token',
  'claim',
  'signature',
  'razorpay_signature',
  'keySecret',
  'webhookSecret',
  'jwtSecret',
  'secretAccessKey',
  'smtpUrl',
  'databaseUrl',
]);
const SECRET_KEYS_LOWER = new Set([...SECRET_LOG_KEYS].map((key) => key.toLowerCase()));

const REDACTED = '[redacted]';
/** Keys of Fastify's own request lines, which the serializers below already keep free of secrets. */
const REQUEST_LINE_KEYS = new Set(['req', 'res', 'responseTime', 'reqId']);

/** A copy of `value` with secrets replaced (the same object when it holds none). Errors go to their serializer. */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Error || depth > 5) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => scrubSecrets(item, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = SECRET_KEYS_LOWER.has(key.toLowerCase())
      ? REDACTED
      : key === 'url' && typeof item === 'string'
        ? redactUrl(item)
        : scrubSecrets(item, depth + 1);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/** Query parameters whose values never reach the log (e.g. the reset link's `token`). */
const SECRET_QUERY = /([?&][^=&#]*(?:token|secret|signature|password|claim|key)[^=&#]*=)[^&#]*/gi;

/** A URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Credentials inside connection strings (postgres://user:password@host, smtp://user:pass@host) in error messages. */
export function redactText(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi, '$1[redacted]@');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** pino's usual error fields (type, message, stack, code…), with credentials in URLs removed from the text. */
function serializeError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: redactText(String(err)), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const out: LoggedError = { type: e.name, message: redactText(e.message), stack: redactText(e.stack ?? '') };
  for (const key of ['code', 'status', 'statusCode', 'syscall', 'errno', 'details']) if (e[key] !== undefined) out[key] = e[key];
  if (e.cause) out.cause = serializeError(e.cause);
  return out;
}

export function loggerOptions(level: Config['logLevel']): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    formatters: {
      log(object: Record<string, unknown>) {
        for (const key in object) if (!REQUEST_LINE_KEYS.has(key)) return scrubSecrets(object) as Record<string, unknown>;
        return object;
      },
    },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: request.url === undefined ? undefined : redactUrl(request.url),
          host: request.host ?? request.hostname,
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
          remotePort: request.socket?.remotePort,
        };
      },
      err: serializeError,
    },
  };
}
