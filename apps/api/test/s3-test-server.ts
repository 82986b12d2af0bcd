import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3 endpoint for the tests: s3rver (an S3 implementation in Node, files in `directory`) on a loopback port, behind
 * a small front that answers the three multipart calls s3rver has no route for — ListParts, AbortMultipartUpload and
 * ListMultipartUploads — from s3rver's own files (`<bucket>/._S3rver_uploads/<uploadId>/{key,<n>,<n>.md5}`). The
 * resumable upload store calls them; everything else goes to s3rver unchanged (signatures included: the Host header is
 * kept).
 */
export interface TestS3 {
  endpoint: string;
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function send(res: http.ServerResponse, status: number, body = ''): void {
  res.writeHead(status, body ? { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) } : {});
  res.end(body);
}

const noSuchUpload = (res: http.ServerResponse, uploadId: string) =>
  send(
    res,
    404,
    xml(
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escape(uploadId)}</UploadId></Error>`,
    ),
  );

export async function startTestS3(options: { directory: string; buckets: string[] }): Promise<TestS3> {
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  const backend = (await s3rver.run()).port;
  const uploadsDir = (bucket: string) => path.join(options.directory, bucket, '._S3rver_uploads');

  async function listParts(res: http.ServerResponse, bucket: string, key: string, uploadId: string, marker: number) {
    const dir = path.join(uploadsDir(bucket), path.basename(uploadId));
    const names = await fs.readdir(dir).catch(() => undefined);
    if (!names) return noSuchUpload(res, uploadId);
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [stat, md5] = await Promise.all([fs.stat(path.join(dir, String(n))), fs.readFile(path.join(dir, `${n}.md5`), 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
    );
    send(
      res,
      200,
      xml(
        `<ListPartsResult><Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><UploadId>${escape(uploadId)}</UploadId>` +
          `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      ),
    );
  }

  async function abort(res: http.ServerResponse, bucket: string, uploadId: string) {
    const dir = path.join(uploadsDir(bucket), path.basename(uploadId));
    if (!(await fs.stat(dir).catch(() => undefined))) return noSuchUpload(res, uploadId);
    await fs.rm(dir, { recursive: true, force: true });
    send(res, 204);
  }

  async function listUploads(res: http.ServerResponse, bucket: string) {
    const ids = (await fs.readdir(uploadsDir(bucket)).catch(() => [] as string[])).sort();
    const uploads = await Promise.all(
      ids.map(async (id) => {
        const keyFile = path.join(uploadsDir(bucket), id, 'key');
        const [key, stat] = await Promise.all([fs.readFile(keyFile, 'utf8'), fs.stat(keyFile)]);
        return `<Upload><Key>${escape(key)}</Key><UploadId>${id}</UploadId><Initiated>${stat.mtime.toISOString()}</Initiated></Upload>`;
      }),
    );
    send(
      res,
      200,
      xml(
        `<ListMultipartUploadsResult><Bucket>${escape(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      ),
    );
  }

  const front = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/').map(decodeURIComponent);
    const key = rest.join('/');
    const uploadId = url.searchParams.get('uploadId');
    const own =
      req.method === 'GET' && key && uploadId !== null
        ? () => listParts(res, bucket, key, uploadId, Number(url.searchParams.get('part-number-marker') ?? 0))
        : req.method === 'DELETE' && key && uploadId !== null
          ? () => abort(res, bucket, uploadId)
          : req.method === 'GET' && !key && url.searchParams.has('uploads')
            ? () => listUploads(res, bucket)
            : undefined;
    if (own) {
      req.resume();
      own().catch((error: Error) =>
        send(res, 500, xml(`<Error><Code>InternalError</Code><Message>${escape(error.message)}</Message></Error>`)),
      );
      return;
    }
    const forward = http.request(
      { host: '127.0.0.1', port: backend, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
    },
  };
}
