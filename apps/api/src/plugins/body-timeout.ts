import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '@framewala/domain';

declare module 'fastify' {
  interface FastifyRequest {
    /** Stops the body timer of this request (set when the request has a body). */
    stopBodyTimer: (() => void) | null;
  }
}

/** How long a JSON (or other buffered) request body may take to arrive, from the end of its headers. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

export interface BodyTimeoutOptions {
  /** Milliseconds; tests lower it. */
  timeoutMs: number;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * Closes a connection whose request body has not fully arrived within `timeoutMs`, so a client that stops sending
 * cannot hold a socket (and a file descriptor) open for ever.
 *
 * Node's `requestTimeout` would do this for every route, photo uploads included, which may take an hour on a phone.
 * Instead the timer starts when the headers are read and stops once Fastify has the body (preValidation). The photo
 * upload route hands its body to the handler unread, streaming it to disk under its own idle rules, so its timer
 * stops at once too. A request answered before its body was read (refused by a hook, a wrong content type, a body
 * over the limit) stops its timer when the answer is sent: no timer outlives its request.
 */
export const bodyTimeoutPlugin = fp<BodyTimeoutOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('stopBodyTimer', null);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!hasBody(raw.headers)) return done();
    const timer = setTimeout(() => {
      // A request made with app.inject() whose body never ends has no network connection to close.
      if (raw.complete || raw.socket.destroyed || typeof raw.socket.destroy !== 'function') return;
      request.log.info({ timeoutMs: opts.timeoutMs }, 'request body did not arrive in time: closing the connection');
      const body = JSON.stringify(errorBody('REQUEST_TIMEOUT'));
      const socket = raw.socket;
      if (!reply.raw.headersSent && socket.writable) {
        socket.end(
          `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      // Whatever the client does next, the socket is gone shortly.
      setTimeout(() => socket.destroy(), 1_000).unref();
    }, opts.timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    request.stopBodyTimer = stop;
    raw.once('close', stop);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    request.stopBodyTimer?.();
    done();
  });
  // Answered (or given up by the client) before the body was read: the body no longer matters.
  app.addHook('onResponse', (request, _reply, done) => {
    request.stopBodyTimer?.();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request.stopBodyTimer?.();
    done();
  });
});
