import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/framewala-unused' };

describe('SERVER_ROLE', () => {
  it('defaults to all: one process with the web app, the API and the job workers', () => {
    expect(loadConfig(base).role).toBe('all');
  });

  it('runs api and worker processes only against a shared DATABASE_URL', () => {
    const databaseUrl = 'postgres://framewala:secret@db.internal:5432/framewala';
    expect(loadConfig({ ...base, SERVER_ROLE: 'api', DATABASE_URL: databaseUrl }).role).toBe('api');
    expect(loadConfig({ ...base, SERVER_ROLE: 'worker', DATABASE_URL: databaseUrl }).role).toBe('worker');
    for (const role of ['api', 'worker']) {
      expect(() => loadConfig({ ...base, SERVER_ROLE: role })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, SERVER_ROLE: role })).toThrow(/SERVER_ROLE .*needs DATABASE_URL/);
    }
  });

  it('names a role it does not know', () => {
    expect(() => loadConfig({ ...base, SERVER_ROLE: 'web' })).toThrow(/SERVER_ROLE must be all, api or worker \(got "web"\)/);
  });
});
