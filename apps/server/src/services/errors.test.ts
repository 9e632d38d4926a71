import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { installErrorHandling } from './errors.js';

describe('a failed request leaves no caller value in the log', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('logs the failed query and where, without its parameters or the driver detail', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    installErrorHandling(app);
    const idNumber = '110101199003074514';
    app.get('/fails', async () => database.handle.db.execute(sql`select ${idNumber}::int`));
    const res = await app.inject('/fails');
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(idNumber);
    const log = lines.join('');
    expect(log).toContain('Failed query: select $1::int');
    expect(log).toContain('request failed');
    expect(log).not.toContain(idNumber);
  });
});
