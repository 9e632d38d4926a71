import { downloadPrint, htmlToPdf } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { applicationOf, projectIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  createPdfGateway,
  PDF_OWNER_BUSY,
  PDF_RENDERS_PER_OWNER,
  PDF_TIMEOUT,
  type ClosablePdfGateway,
} from './index.js';

/** Pages of a table: a render of seconds, a few times an admission ticket's. */
const HEAVY_DOCUMENT = `<!doctype html><table>${'<tr><td>张三</td><td>110101199001011234</td><td>第一考场</td></tr>'.repeat(900)}</table>`;
const FLOOD = 20;

describe("One user's PDF renders cannot hold up another's ticket", () => {
  let t: TestApp;
  /** What the real gateway was asked, each render it started and finished, in order, by owner. */
  const events: string[] = [];
  beforeAll(async () => {
    let gateway: ClosablePdfGateway | undefined;
    const real = () =>
      (gateway ??= createPdfGateway(t.deps, {
        // What is tested is the order renders start in; on a busy machine (another test file
        // rendering too) the ticket beside two heavy documents can take more than the usual limit.
        renderTimeoutMs: 40_000,
        waitLimitMs: 80_000,
        onRenderStart: (started) => events.push(`started ${started}`),
      }));
    const recorded: ClosablePdfGateway = {
      checkRoomFor: (owner) => real().checkRoomFor(owner),
      async htmlToPdf(html, owner) {
        events.push(`asked ${owner}`);
        try {
          const pdf = await real().htmlToPdf(html, owner);
          events.push(`rendered ${owner}`);
          return pdf;
        } catch (error) {
          // A render that ran out of time held its page all the same (a loaded machine).
          if ((error as Error).message === PDF_TIMEOUT) events.push(`rendered ${owner}`);
          throw error;
        }
      },
      close: async () => gateway?.close(),
    };
    t = await createTestApp({ gateways: { pdf: recorded } });
  });
  afterAll(() => t.close());

  it('turns each flood away past two renders (429) and starts the ticket after at most one render of each flood', async () => {
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
    const floods = flooders.map(({ id }) =>
      Array.from({ length: FLOOD }, () => t.call(htmlToPdf, { Html: HEAVY_DOCUMENT }, { as: id })),
    );
    // Each flood has taken what it may (its first refusal is back) when the ticket is asked for.
    await Promise.all(floods.map((flood) => Promise.race(flood)));
    const ticket = await t.call(downloadPrint, { ApplyId: issued!.id }, { as: t.demoUserId });
    const answers = await Promise.all(floods.map((flood) => Promise.all(flood)));

    expect(ticket.status).toBe(200);
    expect(ticket.body.Data?.Base64).toBeTruthy();
    // DownloadPrint asks as its candidate, and so waits its turn among owners.
    expect(events).toContain(`asked user:${t.demoUserId}`);
    expect(events).toContain(`started user:${t.demoUserId}`);
    const whileTicketWaited = events.slice(
      events.indexOf(`asked user:${t.demoUserId}`),
      events.indexOf(`started user:${t.demoUserId}`),
    );
    for (const [index, flood] of answers.entries()) {
      const refused = flood.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(FLOOD - PDF_RENDERS_PER_OWNER);
      for (const answer of refused) expect(answer.body.ErrMsg).toBe(PDF_OWNER_BUSY);
      const flooder = `rendered user:${flooders[index]!.id}`;
      expect(whileTicketWaited.filter((event) => event === flooder).length).toBeLessThanOrEqual(1);
    }
  }, 120_000);
});
