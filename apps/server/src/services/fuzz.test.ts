import { faker } from '@faker-js/faker';
import { ENDPOINTS, envelopeSchema, type Endpoint } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fake, seed as seedFaker, setFaker } from 'zod-schema-faker/v4';
import { sweepReminders } from '../domain/notices/outbox.js';
import { writeWaitingFootprints } from '../domain/projects/footprints.js';
import { createTestApp, toQuery, type TestApp } from '../testing/test-app.js';

/** Generated cases per endpoint and caller (anonymous, signed in); with the raw ones ≈ 2,500 requests. */
const CASES_PER_CALLER = 10;
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const anyEnvelope = envelopeSchema(z.unknown());
const CHINESE = /[\u4e00-\u9fa5]/;

const deeplyNested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

/** The attacks that found holes before: each must stay a 4xx. */
const NASTY_VALUES: unknown[] = [
  'x'.repeat(100_000),
  'a\u0000b',
  '\u0000',
  '',
  ' ',
  true,
  false,
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 63),
  '1',
  '2147483648',
  '1e400',
  'NaN',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '😀'.repeat(2_000),
  '\uD800',
  {},
  [],
  deeplyNested(40),
  deeplyNested(3_000),
  { __proto__: { polluted: true } },
];

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_VALUES),
  fc.anything({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double(),
);

/** Well-formed bases from the contract (zod-schema-faker), then fast-check bends them. */
function casesFor(endpoint: Endpoint, seed: number): Record<string, unknown>[] {
  const bases = Array.from({ length: 4 }, () => fake(endpoint.request) as Record<string, unknown>);
  const keys = [...new Set(bases.flatMap((b) => Object.keys(b ?? {}))), 'Unexpected'];
  const base = fc.constantFrom(...bases).map((b) => ({ ...b }));
  const withField = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(base, fc.constantFrom(...keys), value).map(([b, key, v]) => ({ ...b, [key]: v }));
  const caseArbitrary = fc.oneof(
    { weight: 1, arbitrary: base },
    { weight: 5, arbitrary: withField(nastyValue) },
    // Small ids reach real rows, so the rules behind the parsing get exercised too.
    { weight: 2, arbitrary: withField(fc.integer({ min: 1, max: 40 })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...keys))
        .map(([b, key]) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== key))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...NASTY_VALUES).map((v) => ({ [printable(v).slice(0, 20)]: v })),
    },
  );
  return fc.sample(caseArbitrary, { seed, numRuns: CASES_PER_CALLER });
}

/** A short, printable form of a case for the failure list (some are too deep for a printer). */
function printable(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return `${typeof value} too deep to print`;
  }
}

const urlOf = (endpoint: Endpoint) => `/services/${endpoint.service}${endpoint.path}`;

/** Raw requests a generator of values cannot express: bodies, query strings and uploads. */
function rawCases(endpoint: Endpoint) {
  const url = urlOf(endpoint);
  if (endpoint.method === 'GET')
    return [
      `${url}?ProjectId=1&ProjectId=2`,
      `${url}?ProjectId[]=1&PageIndex[a]=2`,
      `${url}?%00=1&PageSize=%00`,
      `${url}?ProjectId=%ZZ&Domain=%E0%A4%A`,
      `${url}?${'PageIndex=1&'.repeat(2_000)}`,
      `${url}?Keyword=${'%F0%9F%98%80'.repeat(3_000)}`,
    ].map((path) => ({ method: 'GET' as const, url: path, headers: {}, payload: undefined }));
  const json = { 'content-type': 'application/json' };
  const bodies: Array<{ headers: Record<string, string>; payload: string }> = [
    { headers: json, payload: '{"__proto__":{"polluted":true}}' },
    { headers: json, payload: '{"constructor":{"prototype":{"polluted":true}}}' },
    { headers: json, payload: '{"broken"' },
    { headers: json, payload: '' },
    { headers: json, payload: 'null' },
    { headers: json, payload: '"text"' },
    { headers: json, payload: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` },
    { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
    { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
    {
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      payload:
        '--cut\r\nContent-Disposition: form-data; name="File"; filename="a.png"\r\n' +
        'Content-Type: image/png\r\n\r\n\u0089PNG',
    },
    {
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload:
        '--b\r\nContent-Disposition: form-data; name="File"; filename="x.exe"\r\n' +
        'Content-Type: application/x-msdownload\r\n\r\nMZ\r\n' +
        '--b\r\nContent-Disposition: form-data; name="File"; filename="y.png"\r\n' +
        'Content-Type: image/png\r\n\r\nPNG\r\n--b--\r\n',
    },
    {
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: `--b\r\nContent-Disposition: form-data; name="Purpose"\r\n\r\n${'x'.repeat(200_000)}\r\n--b--\r\n`,
    },
  ];
  return bodies.map((body) => ({ method: 'POST' as const, url, ...body }));
}

type TableCounts = Record<string, number>;

describe('fuzzing every call of the contract', () => {
  let t: TestApp;
  let countTables: () => Promise<TableCounts>;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        perUserPerMinute: Number.MAX_SAFE_INTEGER,
        perAddressPerMinute: Number.MAX_SAFE_INTEGER,
      },
      gateways: {
        pdf: {
          htmlToPdf: async () => Buffer.from('%PDF-1.4\n%%EOF\n'),
          checkRoomFor: () => undefined,
        },
      },
    });
    // The reminder sweep's first run after a start tells what is already due (tickets open, fees
    // due): run now, so the job's own runs during the fuzzing add nothing a request could be blamed for.
    await sweepReminders(t.db, t.deps.now());
    const tables = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: Array<{ tablename: string }> };
    // The audit trail records a refused real-name check by design: the register was asked. The
    // scheduled jobs claim their ticks in the background, whatever the request (CI saw one tick
    // land during a refused request on PostgreSQL).
    const notTheRequests = new Set(['personal_data_events', 'scheduled_job_ticks']);
    const names = tables.rows
      .map((row) => row.tablename)
      .filter((name) => !notTheRequests.has(name));
    const counts = sql.raw(
      `select json_build_object(${names
        .map((name) => `'${name}', (select count(*) from "${name}")`)
        .join(', ')}) as counts`,
    );
    countTables = async () => {
      const result = (await t.db.execute(counts)) as unknown as {
        rows: Array<{ counts: TableCounts }>;
      };
      return result.rows[0]?.counts ?? {};
    };
  });
  afterAll(() => t.close());

  it('answers every generated request with the envelope, a 4xx when refused, never a 5xx, and a refusal writes nothing', async () => {
    console.log(`fuzz seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED} npm test -w apps/server)`);
    setFaker(faker);
    seedFaker(FUZZ_SEED);
    const signedIn = await t.authorization(t.demoUserId);
    const failures: string[] = [];
    let sent = 0;
    let before = await countTables();

    const check = async (label: string, request: InjectOptions) => {
      const response = await t.app.inject(request);
      sent++;
      // A signed-in project visit's footprint is written after its answer, by group commit: an
      // earlier visit's must not be blamed on this request.
      await writeWaitingFootprints(t.db);
      const after = await countTables();
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = undefined;
      }
      const envelope = anyEnvelope.safeParse(body);
      const refused = response.statusCode >= 400;
      const problem =
        response.statusCode >= 500
          ? `${response.statusCode}`
          : !envelope.success
            ? `not an envelope: ${response.body.slice(0, 120)}`
            : refused &&
                (envelope.data.ErrCode !== response.statusCode ||
                  !CHINESE.test(envelope.data.ErrMsg))
              ? `refusal without its code or a Chinese message: ${response.body.slice(0, 120)}`
              : refused && JSON.stringify(after) !== JSON.stringify(before)
                ? `refused (${response.statusCode}) yet wrote rows: ${JSON.stringify(changedTables(before, after))}`
                : null;
      if (problem) failures.push(`${label}: ${problem}`);
      before = after;
    };

    for (const [index, endpoint] of ENDPOINTS.entries()) {
      for (const [caller, authorization] of [
        ['anonymous', undefined],
        ['signed in', signedIn],
      ] as const) {
        const headers: Record<string, string> = authorization ? { authorization } : {};
        const cases = casesFor(endpoint, FUZZ_SEED + index * 2 + (authorization ? 1 : 0));
        for (const input of cases) {
          const label = `${caller} ${endpoint.method} ${endpoint.name} ${printable(input).slice(0, 200)}`;
          if (endpoint.method === 'GET')
            await check(label, {
              method: 'GET',
              url: urlOf(endpoint),
              query: toQuery(input),
              headers,
            });
          else
            await check(label, { method: 'POST', url: urlOf(endpoint), payload: input, headers });
        }
        for (const raw of rawCases(endpoint))
          await check(
            `${caller} ${raw.method} ${raw.url.slice(0, 120)} ${String(raw.payload).slice(0, 80)}`,
            {
              ...raw,
              headers: { ...raw.headers, ...headers },
            },
          );
      }
    }

    console.log(`fuzz sent ${sent} requests`);
    expect(sent).toBeGreaterThanOrEqual(2_000);
    expect(failures.slice(0, 20), `seed ${FUZZ_SEED}: ${failures.length} failures`).toEqual([]);
  }, 300_000);
});

function changedTables(before: TableCounts, after: TableCounts): Record<string, string> {
  return Object.fromEntries(
    Object.keys(after)
      .filter((name) => before[name] !== after[name])
      .map((name) => [name, `${before[name]} → ${after[name]}`]),
  );
}
