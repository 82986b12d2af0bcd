/**
 * Print-ready files of paid orders (docs/decisions/021-print-ready-files.md): queued when an order becomes paid (and
 * on demand from the console), made by the `print-file` job in a child process, stored, and described by the
 * order's print_files row. A row only ever says 'ready' with a complete stored file behind it.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { PAID_OR_LATER, ShopError, type OrderStatus } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orders, printFiles, uploads, type PrintFileRow, type UploadRow } from '../../db/schema';
import { orderLineAt } from '../orders/line-output';
import { PRINT_CONTENT_TYPES, PRINT_EXTENSIONS, type PrintFormat } from './render';
import { ResourceFailure } from '../child-result';
import { renderInChild } from './run';
import { sweepTempDir, tempFileName } from '../uploads/temp-files';

export const PRINT_FILE_QUEUE = 'print-file';
/** Every 10 minutes: paid orders whose job was lost get one, renders that died with their process are marked failed. */
export const PRINT_FILE_SWEEP_QUEUE = 'print-file-sweep';
export const PRINT_FILE_SWEEP_CRON = '*/10 * * * *';
/** Attempts before a file is marked failed (pg-boss retries the job in between). */
export const PRINT_FILE_MAX_ATTEMPTS = 3;
/** The job's expiry; a 'rendering' row older than this (plus a margin) belongs to a dead process. */
export const PRINT_FILE_EXPIRE_SECONDS = 30 * 60;

type Log = { info?: (o: object, m?: string) => void; error: (o: object, m?: string) => void };

export const printFileName = (orderId: string, format: PrintFormat, lineIndex = 0) =>
  `${orderId}${lineIndex === 0 ? '' : `-line${lineIndex + 1}`}-print${PRINT_EXTENSIONS[format]}`;

/** The print_files row of one line of an order. */
const fileOf = (orderId: string, lineIndex: number) => and(eq(printFiles.orderId, orderId), eq(printFiles.lineIndex, lineIndex));

async function uploadOf(ctx: AppContext, line: { uploadId: string | null } | undefined): Promise<UploadRow | undefined> {
  if (!line?.uploadId) return undefined;
  const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, line.uploadId));
  return row;
}

/** The source columns as known before rendering: the order's upload, its original and its region. */
function sourceColumns(upload: UploadRow | undefined) {
  return {
    sourceUploadId: upload?.id ?? null,
    sourceKey: upload?.originalKey ?? null,
    sourceWidth: upload?.originalWidth ?? null,
    sourceHeight: upload?.originalHeight ?? null,
    regionLeft: upload?.regionLeft ?? null,
    regionTop: upload?.regionTop ?? null,
    regionWidth: upload?.width ?? null,
    regionHeight: upload?.height ?? null,
  };
}

/**
 * Queues print files of a paid order, one per line: creates a line's row ('queued') if it has none, or with
 * `rebuild` sets it back to 'queued' (the download answers 409 until the new file is ready; the old file is removed
 * once it is), and sends its job. `lineIndex` (0 for the first) queues that line only (404 when the order has no such
 * line); without it, every line. Answers the row of the line asked for, else the first line's. The queue is
 * 'stately': at most one job waiting and one running per line.
 */
export async function queuePrintFile(
  ctx: AppContext,
  orderId: string,
  options: { rebuild?: boolean; format?: PrintFormat; lineIndex?: number } = {},
): Promise<PrintFileRow> {
  const db = ctx.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ShopError('NOT_FOUND', 'There is no such order.');
  const { lineIndex: only } = options;
  const onlyLine = only === undefined ? null : orderLineAt(order, only);
  if (!PAID_OR_LATER.has(order.status as OrderStatus)) {
    throw new ShopError('CONFLICT', 'Only a paid order has a print file.', { status: order.status });
  }
  if (only !== undefined && onlyLine) return queueLine(ctx, orderId, only, onlyLine, options);
  const rows: PrintFileRow[] = [];
  for (let lineIndex = 0; lineIndex < order.lines.length; lineIndex++)
    rows.push(await queueLine(ctx, orderId, lineIndex, order.lines[lineIndex], options));
  return rows[0]!;
}

/** queuePrintFile for one line of the order. */
async function queueLine(
  ctx: AppContext,
  orderId: string,
  lineIndex: number,
  printLine: { uploadId: string | null } | undefined,
  options: { rebuild?: boolean; format?: PrintFormat },
): Promise<PrintFileRow> {
  const db = ctx.database.db;
  const upload = await uploadOf(ctx, printLine);
  const now = new Date();
  const [inserted] = await db
    .insert(printFiles)
    .values({
      orderId,
      lineIndex,
      status: 'queued',
      format: options.format ?? 'tiff',
      ...sourceColumns(upload),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [printFiles.orderId, printFiles.lineIndex] })
    .returning();
  let row = inserted;
  if (!row && options.rebuild) {
    [row] = await db
      .update(printFiles)
      .set({
        status: 'queued',
        ...(options.format ? { format: options.format } : {}),
        ...sourceColumns(upload),
        error: null,
        attempts: 0,
        updatedAt: now,
      })
      .where(fileOf(orderId, lineIndex))
      .returning();
  }
  if (!row) {
    [row] = await db.select().from(printFiles).where(fileOf(orderId, lineIndex));
    return row!;
  }
  await sendPrintJob(ctx, orderId, lineIndex);
  return row;
}

function sendPrintJob(ctx: AppContext, orderId: string, lineIndex: number): Promise<string | null> {
  return ctx.jobs.send(
    PRINT_FILE_QUEUE,
    { orderId, lineIndex },
    {
      singletonKey: lineIndex === 0 ? orderId : `${orderId}#${lineIndex}`,
      retryLimit: PRINT_FILE_MAX_ATTEMPTS - 1,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: PRINT_FILE_EXPIRE_SECONDS,
    },
  );
}

/**
 * Called where an order has just become paid (verify, webhook, reconciliation), after its confirmation: one pg-boss
 * insert, nothing else on the payment's path (the job creates the print_files row). Never throws: a lost job is
 * found again by the sweep.
 */
export async function queuePrintFileForPaidOrder(ctx: AppContext, orderId: string, log?: Log, lineCount = 1): Promise<void> {
  try {
    for (let lineIndex = 0; lineIndex < lineCount; lineIndex++) await sendPrintJob(ctx, orderId, lineIndex);
  } catch (err) {
    log?.error({ err, orderId }, 'print file could not be queued');
  }
}

function storageKey(orderId: string, lineIndex: number, format: PrintFormat): string {
  return `print-files/${orderId.toLowerCase()}/print-${lineIndex === 0 ? '' : `line${lineIndex + 1}-`}${Date.now()}-${randomInt(1_000_000_000)}${PRINT_EXTENSIONS[format]}`;
}

async function fail(ctx: AppContext, orderId: string, lineIndex: number, message: string): Promise<void> {
  await ctx.database.db
    .update(printFiles)
    .set({ status: 'failed', error: message, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(fileOf(orderId, lineIndex), eq(printFiles.status, 'rendering')));
}

export interface PrintJobDeps {
  ctx: AppContext;
  /** DATA_DIR/tmp: the render's folder lives here and is removed whatever happens. */
  tmpDir: string;
  log?: Log;
  /** Aborted when the server closes: a render in progress is killed (its job is retried). */
  signal?: AbortSignal;
  /** The renderer (a child process); tests may stand in for it. */
  render?: typeof renderInChild;
}

/**
 * The job: renders the order's print file from its stored original and marks the row ready. A missing or broken
 * original fails the row at once; other errors are retried by pg-boss up to PRINT_FILE_MAX_ATTEMPTS.
 */
export async function processPrintFileJob(deps: PrintJobDeps, orderId: string, lineIndex = 0): Promise<void> {
  const { ctx } = deps;
  const db = ctx.database.db;
  const [paidOrder] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!paidOrder || !PAID_OR_LATER.has(paidOrder.status as OrderStatus)) return;
  const printLine = paidOrder.lines[lineIndex];
  if (!printLine) return;
  // The payment paths only send the job: the row is made here the first time.
  await db
    .insert(printFiles)
    .values({ orderId, lineIndex, status: 'queued', ...sourceColumns(await uploadOf(ctx, printLine)) })
    .onConflictDoNothing({ target: [printFiles.orderId, printFiles.lineIndex] });
  const [claimed] = await db
    .update(printFiles)
    .set({ status: 'rendering', attempts: sql`${printFiles.attempts} + 1`, startedAt: new Date(), updatedAt: new Date() })
    .where(and(fileOf(orderId, lineIndex), inArray(printFiles.status, ['queued', 'rendering'])))
    .returning();
  if (!claimed) return;
  const format = claimed.format as PrintFormat;
  const { line } = printLine;
  const upload = await uploadOf(ctx, printLine);
  if (!upload || upload.deletedAt || !(await ctx.storage.exists(upload.originalKey))) {
    await fail(ctx, orderId, lineIndex, 'The original photo of this order is no longer stored.');
    return;
  }

  // Named like every temporary file of this process, so the start-up sweep removes it at once if the process is killed.
  const work = path.join(deps.tmpDir, tempFileName('print'));
  await fs.mkdir(work, { recursive: true });
  const key = storageKey(orderId, lineIndex, format);
  let stored = false;
  try {
    const local = ctx.storage.localPath(upload.originalKey);
    const sourcePath = local ?? path.join(work, `original${path.extname(upload.originalKey)}`);
    if (!local) await ctx.storage.getToFile(upload.originalKey, sourcePath);
    const outPath = path.join(work, `out${PRINT_EXTENSIONS[format]}`);
    const region = { left: upload.regionLeft, top: upload.regionTop, width: upload.width, height: upload.height };
    const { result, seconds, peakRssMB } = await (deps.render ?? renderInChild)(
      {
        sourcePath,
        orientation: upload.orientation,
        region,
        widthIn: line.widthIn,
        heightIn: line.heightIn,
        borderIn: line.borderIn,
        format,
        outPath,
        tmpDir: work,
      },
      { signal: deps.signal },
    );
    await ctx.storage.putFile(key, outPath, PRINT_CONTENT_TYPES[format], { move: true });
    stored = true;
    const previous = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(printFiles).where(fileOf(orderId, lineIndex)).for('update');
      // A rebuild asked for meanwhile (row back to 'queued'): this file is already out of date.
      if (!current || current.status !== 'rendering') return { superseded: true as const };
      const now = new Date();
      await tx
        .update(printFiles)
        .set({
          status: 'ready',
          storageKey: key,
          bytes: result.bytes,
          widthPx: result.widthPx,
          heightPx: result.heightPx,
          ppi: result.plan.ppi,
          borderPx: result.plan.borderPx,
          sourceUploadId: upload.id,
          sourceKey: upload.originalKey,
          sourceWidth: upload.originalWidth,
          sourceHeight: upload.originalHeight,
          regionLeft: result.plan.cut.left,
          regionTop: result.plan.cut.top,
          regionWidth: result.plan.cut.width,
          regionHeight: result.plan.cut.height,
          sourceProfile: result.sourceProfile,
          error: null,
          finishedAt: now,
          updatedAt: now,
        })
        .where(fileOf(orderId, lineIndex));
      return { superseded: false as const, oldKey: current.storageKey };
    });
    if (previous.superseded) {
      await ctx.storage.delete(key).catch(() => undefined);
      return;
    }
    if (previous.oldKey && previous.oldKey !== key) await ctx.storage.delete(previous.oldKey).catch(() => undefined);
    deps.log?.info?.(
      { orderId, lineIndex, widthPx: result.widthPx, heightPx: result.heightPx, ppi: result.plan.ppi, seconds, peakRssMB },
      'print file ready',
    );
  } catch (error) {
    if (stored) await ctx.storage.delete(key).catch(() => undefined);
    // A broken original, one the decode memory rule refuses, or a renderer that ran out of memory: trying again would
    // fail the same way, so the file is marked failed at once (the console's rebuild asks again).
    if (error instanceof ShopError || error instanceof ResourceFailure) {
      await fail(ctx, orderId, lineIndex, error.message);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (claimed.attempts >= PRINT_FILE_MAX_ATTEMPTS) {
      await fail(ctx, orderId, lineIndex, `The print file could not be made: ${message}`);
      return;
    }
    await db
      .update(printFiles)
      .set({ status: 'queued', error: message, updatedAt: new Date() })
      .where(and(fileOf(orderId, lineIndex), eq(printFiles.status, 'rendering')));
    throw error;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Paid orders without a print_files row get one and rows 'queued' for a while get their job again (a send lost
 * between the commit and pg-boss); rows left 'rendering' by a process that died are marked failed once their job
 * can no longer be running.
 */
export async function sweepPrintFiles(ctx: AppContext, log?: Log): Promise<{ queued: number; failed: number }> {
  const db = ctx.database.db;
  // Paid orders with fewer print_files rows than lines (none at all for most).
  const missing = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(printFiles, eq(printFiles.orderId, orders.id))
    .where(inArray(orders.status, [...PAID_OR_LATER]))
    .groupBy(orders.id)
    .having(sql`count(${printFiles.orderId}) < jsonb_array_length(${orders.lines})`)
    .limit(50);
  let queued = 0;
  for (const { id } of missing) {
    try {
      await queuePrintFile(ctx, id);
      queued++;
    } catch (err) {
      log?.error({ err, orderId: id }, 'print file could not be queued');
    }
  }
  const waiting = await db
    .select({ orderId: printFiles.orderId, lineIndex: printFiles.lineIndex })
    .from(printFiles)
    .where(and(eq(printFiles.status, 'queued'), lt(printFiles.updatedAt, new Date(Date.now() - 15 * 60 * 1000))))
    .limit(50);
  for (const { orderId, lineIndex } of waiting) {
    if (await sendPrintJob(ctx, orderId, lineIndex).catch(() => null)) queued++;
  }
  const stale = await db
    .update(printFiles)
    .set({
      status: 'failed',
      error: 'The process making this file stopped. Rebuild it to try again.',
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(printFiles.status, 'rendering'),
        lt(printFiles.startedAt, new Date(Date.now() - (PRINT_FILE_EXPIRE_SECONDS + 10 * 60) * 1000)),
      ),
    )
    .returning({ orderId: printFiles.orderId });
  return { queued, failed: stale.length };
}

/** Declares the queues and starts the worker (one render at a time per process) and the sweep. */
export async function startPrintFileJobs(deps: PrintJobDeps): Promise<void> {
  const { jobs } = deps.ctx;
  await fs.mkdir(deps.tmpDir, { recursive: true });
  await jobs.define(PRINT_FILE_QUEUE, { policy: 'stately', expireInSeconds: PRINT_FILE_EXPIRE_SECONDS });
  await jobs.define(PRINT_FILE_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 5 * 60 });
  // Folders of renders a killed process left behind.
  const swept = await sweepTempDir(deps.tmpDir);
  if (swept > 0) deps.log?.info?.({ swept }, 'removed temporary print files left by an earlier server');
  await jobs.work<{ orderId: string; lineIndex?: number }>(
    PRINT_FILE_QUEUE,
    (data) => processPrintFileJob(deps, data.orderId, data.lineIndex ?? 0),
    {
      batchSize: 1,
      pollingIntervalSeconds: 2,
      // A render whose server is killed is run again within about a minute, not after the job's 30-minute expiry.
      lease: true,
    },
  );
  await jobs.work(PRINT_FILE_SWEEP_QUEUE, async () => {
    const result = await sweepPrintFiles(deps.ctx, deps.log);
    if (result.queued || result.failed) deps.log?.info?.(result, 'print file sweep');
  });
  if (jobs.runsWorkers) await jobs.schedule(PRINT_FILE_SWEEP_QUEUE, PRINT_FILE_SWEEP_CRON);
}
