import fs from 'node:fs/promises';
import path from 'node:path';
import { outboxDirectory } from '../src/services/mail';

/**
 * Reads the messages the outbox holds as a mail program shows them: headers with their encoded words decoded
 * (`=?UTF-8?B?…?=`, as nodemailer writes a Hindi subject), and the text and HTML parts decoded from base64 or
 * quoted-printable, whichever nodemailer chose.
 */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, '$1') // blanks between encoded words are not text
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

export function readMail(raw: string): ReadMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReadMail = { to: headers.get('to') ?? '', subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const { headers: partHeaders, body: partBody } = splitHeaders(part.replace(/^\r?\n/, ''));
    const type = partHeaders.get('content-type') ?? '';
    const decoded = decodeBody(partBody.replace(/\r?\n$/, ''), partHeaders.get('content-transfer-encoding'));
    if (/^text\/plain/i.test(type)) mail.text = decoded;
    else if (/^text\/html/i.test(type)) mail.html = decoded;
  }
  return mail;
}

/** Every message in DATA_DIR/outbox, read, oldest first. */
export async function outboxMails(dataDir: string): Promise<ReadMail[]> {
  const dir = outboxDirectory(dataDir);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (n) => readMail(await fs.readFile(path.join(dir, n), 'utf8'))));
}
