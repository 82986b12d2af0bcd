import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Long jobs in progress (renditions of huge photos, print files), one row per pg-boss job while its handler runs. The
 * process running it refreshes `heartbeat_at`; a row whose heartbeat stopped belongs to a process that died (kill -9,
 * power loss), and its job is handed back to pg-boss to run again (services/jobs.ts).
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** The process (host, pid and a random part) running the job. */
    instanceId: text('instance_id').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_leases_heartbeat').on(t.heartbeatAt)],
);
