import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, ShopError } from '@framewala/domain';

/** PostgreSQL and network error codes that mean "the database is unreachable right now", not "you sent bad data". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

function isUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) || /Connection terminated|timeout exceeded when trying to connect/i.test(e.message ?? '');
}

/** File-system errors that mean the disk cannot take or give files now (full, read-only, not allowed, failing). */
const STORAGE_FS_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE']);

/**
 * The file store failed: an S3 call (the AWS SDK marks every error it throws, the store's answers and unreachable
 * endpoints alike, with `$metadata`), or the local disk refusing a write. Missing files are handled where they are read.
 */
function isStorageFailure(error: unknown): boolean {
  const e = error as { $metadata?: unknown; syscall?: unknown; code?: unknown };
  if (e.$metadata !== undefined && typeof e.$metadata === 'object') return true;
  return typeof e.syscall === 'string' && typeof e.code === 'string' && STORAGE_FS_CODES.has(e.code);
}

function describePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || 'body';
}

/**
 * The one error handler: known errors below 500 pass through with their message; everything else is logged and
 * masked. No answer carries HTML, a stack trace or a SQL message.
 */
export interface ErrorHandlerOptions {
  /** Answers page requests no route matched with the web app, which renders its own 404. */
  sendAppShell?: (reply: FastifyReply) => FastifyReply;
}

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error: FastifyError | ShopError | Error, request, reply) => {
    if (error instanceof ShopError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: describePath(v.instancePath.split('/').filter(Boolean)), message: v.message ?? 'is not valid' }));
      const first = issues[0];
      const where = error.validationContext === 'body' ? '' : ` in ${error.validationContext}`;
      return reply.status(400).send({
        message: first ? `Invalid ${first.path}${where}: ${first.message}` : ERROR_CATALOGUE.VALIDATION.message,
        code: 'VALIDATION',
        issues,
      });
    }
    const fastifyError = error as FastifyError;
    if (request.raw.aborted || (request.raw.destroyed && (fastifyError.code === 'ECONNRESET' || /aborted/i.test(error.message)))) {
      // The client went away mid-request (e.g. cancelled an upload): nothing is wrong on our side and no one reads the answer.
      request.log.info({ reason: error.message }, 'client aborted the request');
      return reply.status(400).send({ message: 'The request was cancelled before it finished.', code: 'BAD_REQUEST' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is empty; send a JSON object.', code: 'BAD_REQUEST' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'This content type is not accepted here; send application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (isStorageFailure(error)) {
      request.log.error({ err: error }, 'storage unavailable');
      return reply.status(503).send({ message: ERROR_CATALOGUE.STORAGE_UNAVAILABLE.message, code: 'STORAGE_UNAVAILABLE' });
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'dependency unavailable');
      return reply.status(503).send({ message: ERROR_CATALOGUE.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' });
    }
    const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send({ message: error.message.replace(/^FST_\w+:?\s*/, ''), code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: ERROR_CATALOGUE.INTERNAL.message, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media)(\/|$)/.test(url);
    if (isPageRequest && options.sendAppShell) return options.sendAppShell(reply);
    return reply.status(404).send({ message: `No route ${request.method} ${url}.`, code: 'ROUTE_NOT_FOUND' });
  });
}
