import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';

/**
 * Outgoing e-mail. Requests never wait on SMTP: they enqueue a `send-email` job and a worker delivers it.
 * With `SMTP_URL` set the worker sends through that server; unset, it writes each message as an .eml file to
 * `DATA_DIR/outbox/<timestamp>-<id>.eml` (development, tests), where any mail program can open it.
 * docs/decisions/015-outgoing-mail.md.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const SEND_EMAIL_QUEUE = 'send-email';

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Delivers one message now: through SMTP, or into the outbox. */
export class MailTransport {
  private readonly transporter: Transporter;
  /** The outbox directory, created once (not before every message). */
  private outboxReady: Promise<void> | undefined;

  constructor(private readonly settings: MailSettings) {
    this.transporter = settings.smtpUrl
      ? nodemailer.createTransport(settings.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Resolves to the outbox file written, or undefined when sent through SMTP. */
  async deliver(message: MailMessage): Promise<string | undefined> {
    const info = await this.transporter.sendMail({ from: this.settings.from, ...message });
    if (this.settings.smtpUrl) return undefined;
    const directory = outboxDirectory(this.settings.dataDir);
    this.outboxReady ??= fs.mkdir(directory, { recursive: true }).then(() => undefined);
    await this.outboxReady.catch((error: unknown) => {
      this.outboxReady = undefined; // try again next time
      throw error;
    });
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    const file = path.join(directory, `${stamp}-${randomBytes(6).toString('hex')}.eml`);
    // Written aside and renamed, so whoever watches the outbox never reads half a message.
    const write = () => fs.writeFile(`${file}.partial`, (info as { message: Buffer }).message, { mode: 0o600 });
    await write().catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await fs.mkdir(directory, { recursive: true }); // the outbox was removed meanwhile
      await write();
    });
    await fs.rename(`${file}.partial`, file);
    return file;
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Job payloads are encrypted (AES-256-GCM, key derived from JWT_SECRET): a message can carry a password-reset link,
 * and pg-boss keeps job data in the database for a while after delivery.
 */
interface SealedMessage {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

const mailKeys = new Map<string, Buffer>();

/** Derived once per secret (HKDF on every message showed in the checkout's profile). */
function mailKey(secret: string): Buffer {
  let key = mailKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'framewala', 'send-email job payload', 32));
    mailKeys.set(secret, key);
  }
  return key;
}

export function sealMessage(secret: string, message: MailMessage): SealedMessage {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', mailKey(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

export function openMessage(secret: string, sealed: SealedMessage): MailMessage {
  const decipher = createDecipheriv('aes-256-gcm', mailKey(secret), Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as MailMessage;
}

export interface Mail {
  /**
   * Queues a message; resolves once the job is stored, not when it is delivered. With `jobId` (a UUID), storing the
   * same message twice stores it once.
   */
  send(message: MailMessage, options?: { jobId?: string }): Promise<void>;
  /** Wakes this server's mail worker now (after a transaction stored a send-email job itself). */
  wake(): void;
}

const mailByContext = new WeakMap<AppContext, Promise<Mail>>();

/**
 * The app's mail queue: defines `send-email` and, where this process runs workers, its worker. Safe to call from
 * several route plugins: one queue and one worker per app.
 */
export function mailFor(ctx: AppContext): Promise<Mail> {
  let mail = mailByContext.get(ctx);
  if (!mail) {
    mail = startMail(ctx);
    mailByContext.set(ctx, mail);
  }
  return mail;
}

async function startMail(ctx: AppContext): Promise<Mail> {
  const secret = ctx.config.auth.jwtSecret;
  await ctx.jobs.define(SEND_EMAIL_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  let workerId: string | undefined;
  if (ctx.jobs.runsWorkers) {
    const transport = new MailTransport({ smtpUrl: ctx.config.mail.smtpUrl, from: ctx.config.mail.from, dataDir: ctx.config.dataDir });
    workerId = await ctx.jobs.work<SealedMessage>(
      SEND_EMAIL_QUEUE,
      async (sealed) => {
        await transport.deliver(openMessage(secret, sealed));
      },
      // Up to 10 messages per fetch, delivered at once: one query fetches them and one completes them (decision 032).
      { pollingIntervalSeconds: 2, batchSize: 10 },
    );
  }
  return {
    async send(message, options = {}) {
      await ctx.jobs.send(SEND_EMAIL_QUEUE, sealMessage(secret, message), options.jobId ? { id: options.jobId } : {});
      ctx.jobs.notify(workerId); // this server's worker sends it now rather than at its next poll
    },
    wake() {
      ctx.jobs.notify(workerId);
    },
  };
}
