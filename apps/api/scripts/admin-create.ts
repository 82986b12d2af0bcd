/**
 * `npm run admin:create -- --email someone@example.com [--password …] [--first-name …] [--last-name …] [--mobile …]`
 * Creates a shop admin or promotes an existing account; see services/admin/create-admin.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runAdminCreate } from '../src/services/admin/create-admin';

// The same .env the server reads (from the directory the command runs in).
const envFile = path.resolve('.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

process.exitCode = await runAdminCreate(process.argv.slice(2), { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
