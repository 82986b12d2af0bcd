import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, errorBody, ShopError, type ErrorCode } from '@framewala/domain';

/** PostgreSQL and network error codes that mean "the database is unreachable right now", not "you sent bad data". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * The error and the errors it wraps (`cause`): a query builder or a service may wrap the driver's error, whose code
 * is what tells what happened.
 */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

function isUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL refused a character its text cannot hold (22021: NUL, or bytes that are not UTF-8). The shared schemas
 * refuse NUL first; this is the net for a string that reached a query another way.
 */
function isUnstorableCharacter(error: unknown): boolean {
  for (const e of causes(error)) if (e.code === '22021') return true;
  return false;
}

/** The catalogue's code for an HTTP status that a framework or plugin answered with (an unknown 4xx becomes 400). */
const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_FOR_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/**
 * Node's own answers to a request it could not parse (headers too large, a malformed request line, a request that
 * timed out), in the catalogue's shape. Given to Fastify as `clientErrorHandler`.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST';
  const message = code === 'BAD_REQUEST' ? 'The request could not be read: it is not valid HTTP.' : ERROR_CATALOGUE[code].message;
  const status = ERROR_CATALOGUE[code].status;
  const body = JSON.stringify(errorBody(code, message));
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Errors Fastify answers before any route runs (a URL whose escapes do not decode, such as `%c0%ae`; a path parameter
 * longer than the router takes), in the catalogue's shape. Given to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('BAD_REQUEST', 'The address of the request is not valid.'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('URI_TOO_LONG'));
    return;
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = codeForStatus(status);
    void reply.status(ERROR_CATALOGUE[code].status).send(errorBody(code));
    return;
  }
  request.log.error({ code: error.code }, 'framework error');
  void reply.status(500).send(errorBody('INTERNAL'));
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
  /** Answers page requests no route matched with the web app (in the visit's language), which renders its own 404. */
  sendAppShell?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error: FastifyError | ShopError | Error, request, reply) => {
    if (error instanceof ShopError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: describePath(v.instancePath.split('/').filter(Boolean)),
        message: v.message ?? 'is not valid',
      }));
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
      return reply
        .status(415)
        .send({ message: 'This content type is not accepted here; send application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (isUnstorableCharacter(error)) {
      return reply
        .status(400)
        .send({ message: 'The request contains a character that cannot be stored, such as NUL.', code: 'BAD_REQUEST' });
    }
    if (isStorageFailure(error)) {
      request.log.error({ err: error }, 'storage unavailable');
      return reply.status(503).send({ message: ERROR_CATALOGUE.STORAGE_UNAVAILABLE.message, code: 'STORAGE_UNAVAILABLE' });
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'dependency unavailable');
      return reply.status(503).send({ message: ERROR_CATALOGUE.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' });
    }
    // A path the web app's files refuse to look up (a name too long for the file system, such as a 5,000-character
    // order number, or a path not in canonical form): no file is sent for it, and like any path without a file it is
    // the app's to answer (its own 404), not a 403 that says something is there.
    if (fastifyError.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's and its plugins' own 4xx (a static file refused, a malformed header…): the catalogue's code and
      // status; Fastify's message when it says more than the status alone.
      const code = codeForStatus(status);
      const own =
        typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_') ? error.message.replace(/^FST_\w+:?\s*/, '') : '';
      return reply.status(ERROR_CATALOGUE[code].status).send(errorBody(code, own || undefined));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: ERROR_CATALOGUE.INTERNAL.message, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media)(\/|$)/.test(url);
    if (isPageRequest && options.sendAppShell) return options.sendAppShell(request, reply);
    return reply.status(404).send({ message: `No route ${request.method} ${url}.`, code: 'ROUTE_NOT_FOUND' });
  });
}
