import PgBoss from 'pg-boss';
import { withAdvisoryLock, type Database } from '../db/client';

type Logger = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

export interface JobsOptions {
  /** Run handlers in this process (API servers and workers); false only enqueues. */
  workers: boolean;
}

/**
 * Background jobs on pg-boss, sharing the app's PostgreSQL pool: renditions of huge photos, print files, retention,
 * e-mail. Modules declare a queue with `define` and a handler with `work`; a handler only runs where workers are on.
 */
export class Jobs {
  private constructor(
    readonly boss: PgBoss,
    private readonly options: JobsOptions,
    private readonly log: Logger,
    private readonly database: Database,
  ) {}

  static async start(database: Database, log: Logger, options: JobsOptions = { workers: true }): Promise<Jobs> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.pool.query(text, values) },
      schema: 'pgboss',
      supervise: options.workers,
      schedule: options.workers,
    });
    boss.on('error', (err: Error) => log.error({ err }, 'job queue error'));
    // Servers starting at once on a new database would both create pg-boss's schema: its own lock does not stop the
    // second from missing the first one's schema (a stale catalog snapshot), so they take turns here.
    await withAdvisoryLock(database, 'framewala:pgboss-start', () => boss.start());
    return new Jobs(boss, options, log, database);
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
  async work<T extends object>(name: string, handler: (data: T) => Promise<void>, options: PgBoss.WorkOptions = {}): Promise<string | undefined> {
    if (!this.options.workers) return undefined;
    // Set once pg-boss answers (its first fetch may run before that, when the id is not known yet).
    const worker: { id?: string } = {};
    worker.id = await this.boss.work<T>(name, options, async (jobs) => {
      // A full batch means more are probably waiting: fetch again at once rather than after the polling interval.
      if (worker.id && jobs.length > 1 && jobs.length >= (options.batchSize ?? 1)) this.boss.notifyWorker(worker.id);
      if (jobs.length === 1) {
        try {
          await handler(jobs[0]!.data);
        } catch (err) {
          this.log.error({ err, queue: name, jobId: jobs[0]!.id }, 'job failed');
          throw err;
        }
        return;
      }
      // A batch (options.batchSize > 1): its jobs run at once and each stands alone. A failing one is failed (and
      // retried) by itself; pg-boss then completes the batch, which only touches the jobs still active, so a job that
      // succeeded is never redone.
      const results = await Promise.allSettled(jobs.map((job) => handler(job.data)));
      for (const [i, result] of results.entries()) {
        if (result.status === 'fulfilled') continue;
        const err: unknown = result.reason;
        const job = jobs[i]!;
        this.log.error({ err, queue: name, jobId: job.id }, 'job failed');
        await this.boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
      }
    });
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

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
  }
}
