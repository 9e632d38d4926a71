import { downloadPrint, htmlToPdf } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { applicationOf, projectIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PDF_OWNER_BUSY, PDF_RENDERS_PER_OWNER } from './index.js';

/** Pages of a table: a render of seconds, many times an admission ticket's. */
const HEAVY_DOCUMENT = `<!doctype html><table>${'<tr><td>张三</td><td>110101199001011234</td><td>第一考场</td></tr>'.repeat(900)}</table>`;
const FLOOD = 20;

describe("One user's PDF renders cannot hold up another's ticket", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('turns each flood away past two renders (429) and prints the ticket after at most one render of each flood', async () => {
    const [tenant] = await t.db.select({ tenantId: users.tenantId }).from(users).limit(1);
    const flooders = await t.db
      .insert(users)
      .values(
        ['13600000011', '13600000012'].map((mobile) => ({
          tenantId: tenant!.tenantId,
          mobile,
          name: '刷单',
          passwordHash: 'not used',
        })),
      )
      .returning({ id: users.id });
    const issued = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.ticketIssued),
    );
    const printed: string[] = [];
    const floods = flooders.map(({ id }) =>
      Array.from({ length: FLOOD }, () =>
        t.call(htmlToPdf, { Html: HEAVY_DOCUMENT }, { as: id }).then((answer) => {
          // A render that ran out of time (503 on a loaded machine) held its page all the same.
          if (answer.status !== 429) printed.push(`flooder ${id}`);
          return answer;
        }),
      ),
    );
    // Each flood has taken what it may (its first refusal is back) when the ticket is asked for.
    await Promise.all(floods.map((flood) => Promise.race(flood)));
    const ticket = await t.call(downloadPrint, { ApplyId: issued!.id }, { as: t.demoUserId });
    printed.push('ticket');
    const answers = await Promise.all(floods.map((flood) => Promise.all(flood)));

    expect(ticket.status).toBe(200);
    expect(ticket.body.Data?.Base64).toBeTruthy();
    const printedBeforeTicket = printed.slice(0, printed.indexOf('ticket'));
    for (const [index, flood] of answers.entries()) {
      const refused = flood.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(FLOOD - PDF_RENDERS_PER_OWNER);
      for (const answer of refused) expect(answer.body.ErrMsg).toBe(PDF_OWNER_BUSY);
      const flooder = `flooder ${flooders[index]!.id}`;
      expect(printedBeforeTicket.filter((who) => who === flooder).length).toBeLessThanOrEqual(1);
    }
  }, 120_000);
});
