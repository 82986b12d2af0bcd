import { randomBytes } from 'node:crypto';
import os from 'node:os';
import PgBoss from 'pg-boss';
import { withAdvisoryLock, type Database } from '../db/client';

type Logger = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

export interface JobsOptions {
  /** Run handlers in this process (API servers and workers); false only enqueues. */
  workers: boolean;
}

/** A running job's lease is refreshed this often… */
export const LEASE_HEARTBEAT_MS = 15_000;
/** …and counts as abandoned (its process gone) once it has not been for this long. */
export const LEASE_STALE_SECONDS = 60;

/** The failure recorded on a job whose process stopped while running it. */
const PROCESS_STOPPED = 'the process running this job stopped';

/** Options of `work` besides pg-boss's own. */
export interface WorkOptions extends PgBoss.WorkOptions {
  /**
   * Long jobs: while the handler runs, a lease row with a heartbeat says this process is on it. When the process dies
   * (kill -9), the heartbeat stops and, within about a minute, any server hands the job back to pg-boss, which runs it
   * again, instead of leaving it 'active' until its expiry (tens of minutes for a print file).
   */
  lease?: boolean;
}

/**
 * Background jobs on pg-boss, sharing the app's PostgreSQL pool: renditions of huge photos, print files, retention,
 * e-mail. Modules declare a queue with `define` and a handler with `work`; a handler only runs where workers are on.
 */
export class Jobs {
  /** This process, in the leases it holds. */
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private leaseSweep: NodeJS.Timeout | undefined;
  /** Handlers running now: `stop` lets them finish, so pg-boss never records their outcome on a closed pool. */
  private readonly running = new Set<Promise<unknown>>();

  private constructor(
    readonly boss: PgBoss,
    private readonly options: JobsOptions,
    private readonly log: Logger,
    private readonly database: Database,
    private readonly stopped: { now: boolean },
  ) {}

  static async start(database: Database, log: Logger, options: JobsOptions = { workers: true }): Promise<Jobs> {
    // Once stopped, what pg-boss still sends (a fetch that was in flight, the outcome of a job it fetched meanwhile)
    // does not reach a pool that may be closed: null is pg-boss's own "nothing affected" (it does not wait for those
    // writes, so a rejection would be unhandled); the job stays where it was and its lease or expiry hands it back.
    const stopped = { now: false };
    const boss = new PgBoss({
      db: {
        executeSql: (text: string, values: unknown[]): Promise<{ rows: unknown[] }> =>
          stopped.now ? Promise.resolve(null as unknown as { rows: unknown[] }) : database.pool.query(text, values),
      },
      schema: 'pgboss',
      supervise: options.workers,
      schedule: options.workers,
    });
    boss.on('error', (err: Error) => log.error({ err }, 'job queue error'));
    // Servers starting at once on a new database would both create pg-boss's schema: its own lock does not stop the
    // second from missing the first one's schema (a stale catalog snapshot), so they take turns here.
    await withAdvisoryLock(database, 'framewala:pgboss-start', () => boss.start());
    const jobs = new Jobs(boss, options, log, database, stopped);
    if (options.workers) {
      // Work a killed process left half-done is handed back at start, then checked every half minute.
      await jobs.releaseAbandoned().catch((err: unknown) => log.error({ err }, 'abandoned jobs could not be released'));
      jobs.leaseSweep = setInterval(
        () => {
          jobs.releaseAbandoned().catch((err: unknown) => log.error({ err }, 'abandoned jobs could not be released'));
        },
        (LEASE_STALE_SECONDS * 1000) / 2,
      );
      jobs.leaseSweep.unref();
    }
    return jobs;
  }

  /**
   * Hands back to pg-boss the jobs whose lease stopped beating (their process is gone): each is failed, so pg-boss
   * retries it (after its retry delay) or, with no retry left, sends it to its dead-letter queue. A job whose process
   * had already stopped on its previous run is not run a third time: a job that takes its process down (out of
   * memory) would take the next one down too. It is cancelled and its data sent to its queue's dead letter, whose
   * handler marks the work failed. Returns how many were handed back.
   */
  async releaseAbandoned(staleSeconds = LEASE_STALE_SECONDS): Promise<number> {
    const { rows } = await this.database.pool.query<{ job_id: string; queue: string }>(
      `DELETE FROM job_leases WHERE heartbeat_at < now() - make_interval(secs => $1) RETURNING job_id, queue`,
      [staleSeconds],
    );
    for (const row of rows) {
      const job = await this.boss.getJobById<object>(row.queue, row.job_id);
      const output = job?.output as { message?: unknown } | undefined;
      if (job && output?.message === PROCESS_STOPPED) {
        await this.boss.cancel(row.queue, row.job_id);
        const deadLetter = (await this.boss.getQueue(row.queue))?.deadLetter;
        if (deadLetter) await this.boss.send(deadLetter, job.data);
        this.log.error({ queue: row.queue, jobId: row.job_id }, 'a job whose process stopped twice is not run again');
        continue;
      }
      await this.boss.fail(row.queue, row.job_id, { message: PROCESS_STOPPED });
      this.log.info({ queue: row.queue, jobId: row.job_id }, 'released a job whose process stopped');
    }
    return rows.length;
  }

  /** Runs a job's handler under a lease (see WorkOptions.lease). */
  private async leased<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T> {
    const pool = this.database.pool;
    await pool.query(
      `INSERT INTO job_leases (job_id, queue, instance_id, heartbeat_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (job_id) DO UPDATE SET instance_id = excluded.instance_id, heartbeat_at = now()`,
      [jobId, queue, this.instanceId],
    );
    const beat = setInterval(() => {
      pool
        .query('UPDATE job_leases SET heartbeat_at = now() WHERE job_id = $1 AND instance_id = $2', [jobId, this.instanceId])
        .catch((err: unknown) => this.log.error({ err, queue, jobId }, 'job heartbeat failed'));
    }, LEASE_HEARTBEAT_MS);
    beat.unref();
    try {
      return await run();
    } finally {
      clearInterval(beat);
      await pool
        .query('DELETE FROM job_leases WHERE job_id = $1 AND instance_id = $2', [jobId, this.instanceId])
        .catch((err: unknown) => this.log.error({ err, queue, jobId }, 'job lease could not be removed'));
    }
  }

  /** Creates the queue if it does not exist (idempotent; safe on every start of every server). */
  async define(name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    // pg-boss's create_queue deadlocks when two servers create the same queue at once (its new partition's foreign key
    // waits on the other server's insert into the queue table), so servers take turns.
    await withAdvisoryLock(this.database, 'framewala:pgboss-queues', async () => {
      if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, { name, ...options });
    });
  }

  send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  /** Starts a worker where workers are on; resolves to its id (for `notify`), or undefined. */
  async work<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    workOptions: WorkOptions = {},
  ): Promise<string | undefined> {
    if (!this.options.workers) return undefined;
    const { lease, ...options } = workOptions;
    const run = lease
      ? (job: PgBoss.Job<T>) => this.leased(name, job.id, () => handler(job.data))
      : (job: PgBoss.Job<T>) => handler(job.data);
    // Set once pg-boss answers (its first fetch may run before that, when the id is not known yet).
    const worker: { id?: string } = {};
    worker.id = await this.boss.work<T>(name, options, (jobs) =>
      this.track(async () => {
        // A full batch means more are probably waiting: fetch again at once rather than after the polling interval.
        if (worker.id && jobs.length > 1 && jobs.length >= (options.batchSize ?? 1)) this.boss.notifyWorker(worker.id);
        if (jobs.length === 1) {
          try {
            await run(jobs[0]!);
          } catch (err) {
            this.log.error({ err, queue: name, jobId: jobs[0]!.id }, 'job failed');
            throw err;
          }
          return;
        }
        // A batch (options.batchSize > 1): its jobs run at once and each stands alone. A failing one is failed (and
        // retried) by itself; pg-boss then completes the batch, which only touches the jobs still active, so a job that
        // succeeded is never redone.
        const results = await Promise.allSettled(jobs.map((job) => run(job)));
        for (const [i, result] of results.entries()) {
          if (result.status === 'fulfilled') continue;
          const err: unknown = result.reason;
          const job = jobs[i]!;
          this.log.error({ err, queue: name, jobId: job.id }, 'job failed');
          await this.boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
        }
      }),
    );
    return worker.id;
  }

  /** Wakes a worker of this process now rather than at its next poll (after sending it a job). */
  notify(workerId: string | undefined): void {
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /** A cron schedule (UTC); pg-boss makes sure one process runs each tick across all servers. */
  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  get runsWorkers(): boolean {
    return this.options.workers;
  }

  private track<R>(run: () => Promise<R>): Promise<R> {
    const running = run();
    this.running.add(running);
    void running.finally(() => this.running.delete(running)).catch(() => {});
    return running;
  }

  /**
   * Stops fetching, then waits for the handlers still running (a large render can outlast pg-boss's graceful
   * timeout), so their result is written before the database closes. A handler cut off by a hard kill is recovered
   * through its lease instead.
   */
  async stop(): Promise<void> {
    if (this.leaseSweep) clearInterval(this.leaseSweep);
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
    await Promise.allSettled([...this.running]);
    // pg-boss records a job's outcome in the tick after its handler settles.
    await new Promise((resolve) => setImmediate(resolve));
    this.stopped.now = true;
  }
}
