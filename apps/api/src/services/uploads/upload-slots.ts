import type { Server } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ShopError } from '@framewala/domain';
import type { Viewer } from './access';

/** Uploads one server receives at once, per address and per account (or anonymous claim). */
export interface UploadSlotLimits {
  perAddress: number;
  perAccount: number;
}

/**
 * Open upload connections hold a socket, a file and buffers: one address or account may only have so many at once.
 * Counted per server process, because that is where the sockets and files are; an address is shared by many
 * customers behind a mobile carrier's NAT, so its limit is the larger one.
 */
export const DEFAULT_UPLOAD_SLOTS: UploadSlotLimits = { perAddress: 16, perAccount: 4 };

const TOO_MANY_AT_ONCE = 'Too many photos are being uploaded at once. Please wait for one to finish, then try again.';

export class UploadSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly limits: UploadSlotLimits) {}

  /** Takes a slot for an upload request; 429 when the address or the account has none left. Answers the release. */
  take(address: string, viewer: Viewer): () => void {
    const account = viewer.userId ? `user:${viewer.userId}` : viewer.claimHash ? `claim:${viewer.claimHash}` : undefined;
    const keys: Array<[string, number]> = [[`ip:${address}`, this.limits.perAddress]];
    if (account) keys.push([account, this.limits.perAccount]);
    for (const [key, limit] of keys) {
      if ((this.open.get(key) ?? 0) >= limit) throw new ShopError('RATE_LIMITED', TOO_MANY_AT_ONCE, { retryAfterSeconds: 5 });
    }
    for (const [key] of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left <= 0) this.open.delete(key);
        else this.open.set(key, left);
      }
    };
  }
}

/**
 * Closes the connection of an upload whose body stops arriving: no byte for `idleMs` destroys the socket (a tus
 * client then resumes from the bytes stored; the plain path removes its temporary file). Only the upload's own
 * socket, for as long as its body is arriving: a long upload that keeps sending is never cut, and other routes keep
 * the server's timeouts. Answers the function that stops watching (also called once the body has ended).
 */
export function closeWhenIdle(request: FastifyRequest, idleMs: number): () => void {
  const socket = request.raw.socket as typeof request.raw.socket | undefined;
  // Requests injected without a network (light-my-request) have no real socket to watch.
  if (!socket || typeof socket.setTimeout !== 'function') return () => undefined;
  const onIdle = () => {
    request.log.info({ idleMs }, 'upload closed: no bytes received within the idle limit');
    socket.destroy();
  };
  // A connection that closes mid-body (a phone losing its network) fails the body at once, so the upload lets go
  // of its lock and the client's next request (HEAD, to resume) is answered without waiting.
  const onClose = () => {
    if (!request.raw.complete && !request.raw.destroyed)
      request.raw.destroy(new Error('The connection closed before the body was complete.'));
  };
  socket.setTimeout(idleMs);
  socket.on('timeout', onIdle);
  socket.once('close', onClose);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    socket.off('timeout', onIdle);
    socket.off('close', onClose);
    if (!socket.destroyed) socket.setTimeout((request.server.server as Server).timeout ?? 0);
  };
  // Once the body is complete the checks may take their time (a large photo): the idle limit is about receiving.
  request.raw.once('end', stop);
  request.raw.once('close', stop);
  return stop;
}
