/**
 * The human check's benchmark (issue 29; `npm run bench:captcha`, never part of `npm test`): what
 * the ALTCHA proof of work costs at each risk level, and what a script pays for 10,000 codes.
 *
 * 1. A script's bill: --count challenges (1,000) asked of the server's own functions (those
 *    Captcha/GetChallenge and Captcha/Check call, with the real levels and the memory store),
 *    solved in Node with altcha-lib's solver, and checked; each from a new address, so none rises
 *    above level 0 — the cheapest a script can have it. The process's CPU time (asking,
 *    solving and checking together) is read before and after.
 * 2. Each level's work: --samples challenges at that level, solved in Node and in Chromium
 *    (playwright-core, WebCrypto PBKDF2 as the identity pages and the web app do it), Chromium
 *    also with its CPU slowed 4× (Lighthouse's stand-in for a mid-range phone).
 *
 * Prints a markdown table and writes it to bench-results/captcha.md.
 *
 *   options: --count 1000 --samples 9 --no-browser --levels 600,3000,12000,40000 --cost 1000
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { CAPTCHA_SCENE, type AltchaChallenge } from '@portal/contracts';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CAPTCHA_SETTINGS, loadConfig } from '../src/config.js';
import { checkCaptcha, createCaptchaChallenge } from '../src/domain/accounts/captcha.js';
import { createMemoryStore } from '../src/platform/kv-store.js';
import type { AppDeps } from '../src/platform/deps.js';
import { solveProofOfWork } from '../src/testing/proof-of-work.js';
import { median, REPO_DIR } from './bench-kit.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    samples: { type: 'string', default: '9' },
    levels: { type: 'string', default: CAPTCHA_SETTINGS.levels.join(',') },
    cost: { type: 'string', default: String(CAPTCHA_SETTINGS.cost) },
    'no-browser': { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.count);
const SAMPLES = Number(args.samples);
const LEVELS = args.levels.split(',').map(Number);
const COST = Number(args.cost);
const RESULT_FILE = path.join(REPO_DIR, 'bench-results/captcha.md');
const CODES = 10_000;

const log = (message: string) => console.error(`[bench:captcha] ${message}`);
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

type CaptchaDeps = Pick<AppDeps, 'store' | 'config' | 'gateways' | 'secrets'>;

/** What the captcha routes use, with these levels (one level alone: every challenge is of it). */
const depsWith = (levels: number[]): CaptchaDeps =>
  ({
    store: createMemoryStore(),
    config: loadConfig({
      PORTAL_MODE: 'demo',
      CAPTCHA_LEVELS: levels.join(','),
      CAPTCHA_COST: String(COST),
    }),
    secrets: { captchaKey: randomBytes(32).toString('base64url') },
    gateways: {},
  }) as unknown as CaptchaDeps;

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const challengeOf = async (deps: CaptchaDeps, clientIp: string): Promise<AltchaChallenge> =>
  (await createCaptchaChallenge(deps, { clientIp })).Challenge;

/** Part 1: ask, solve and check COUNT challenges at the real level 0; the CPU it took. */
async function scriptBill(): Promise<{ cpu: number; wall: number }> {
  const deps = depsWith(LEVELS);
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < COUNT; i += 1) {
    const clientIp = nextAddress();
    const Challenge = await challengeOf(deps, clientIp);
    if (Challenge.parameters.data?.level !== 0) throw new Error('a level above 0');
    const Solution = await solveProofOfWork(Challenge);
    await checkCaptcha(deps, { Scene: CAPTCHA_SCENE, Challenge, Solution }, clientIp);
    if ((i + 1) % 100 === 0) log(`${i + 1}/${COUNT}`);
  }
  return { cpu: cpuSeconds(cpu), wall: (performance.now() - started) / 1000 };
}

/** The solver as the pages bundle it, for the browser. */
async function browserSolver(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: `import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
window.solve = async (challenge) => {
  const started = performance.now();
  await solveChallenge({ challenge, deriveKey });
  return performance.now() - started;
};`,
      resolveDir: path.resolve(import.meta.dirname, '..'),
    },
    bundle: true,
    format: 'iife',
    target: 'es2017',
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

interface LevelRow {
  most: number;
  node: number;
  chromium?: number;
  chromiumSlowed?: number;
}

/** Part 2: each level's median solve time, in Node and in Chromium (plain and 4× slower). */
async function levelTimes(): Promise<LevelRow[]> {
  const browser = args['no-browser']
    ? null
    : await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = browser ? await browser.newPage() : null;
    if (page) {
      // A secure context (WebCrypto needs one) of nothing but the solver.
      await page.route('https://bench.invalid/', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
      );
      await page.goto('https://bench.invalid/');
      await page.addScriptTag({ content: await browserSolver() });
    }
    const cdp = page ? await page.context().newCDPSession(page) : null;
    const inChromium = async (challenge: AltchaChallenge, rate: number) => {
      await cdp!.send('Emulation.setCPUThrottlingRate', { rate });
      return page!.evaluate(
        (c) => (window as unknown as { solve: (c: unknown) => Promise<number> }).solve(c),
        challenge,
      );
    };
    const rows: LevelRow[] = [];
    for (const most of LEVELS) {
      const deps = depsWith([most]);
      const node: number[] = [];
      const plain: number[] = [];
      const slowed: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const challenge = await challengeOf(deps, nextAddress());
        const started = performance.now();
        await solveProofOfWork(challenge);
        node.push(performance.now() - started);
        if (page) {
          plain.push(await inChromium(challenge, 1));
          slowed.push(await inChromium(challenge, 4));
        }
      }
      const row: LevelRow = { most, node: median(node) };
      if (page) Object.assign(row, { chromium: median(plain), chromiumSlowed: median(slowed) });
      log(`level ≤${most}: ${JSON.stringify(row)}`);
      rows.push(row);
    }
    return rows;
  } finally {
    await browser?.close();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);

const bill = await scriptBill();
log(`${COUNT} challenges: ${bill.cpu.toFixed(1)} CPU-s`);
const rows = await levelTimes();
const perCode = bill.cpu / COUNT;
const lines = [
  `# Human check (ALTCHA proof of work): cost per level and a script's bill`,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${process.platform}/${process.arch}, Node ${process.version}; PBKDF2/SHA-256, ${COST} iterations a try; the counter is drawn between half the level's most and its most.`,
  '',
  `## A script's bill at level 0 (each challenge from a new address)`,
  '',
  `| challenges asked, solved and checked | CPU-seconds | wall seconds | per code | ${CODES.toLocaleString('en')} codes |`,
  '| --- | --- | --- | --- | --- |',
  `| ${COUNT} | ${bill.cpu.toFixed(1)} | ${bill.wall.toFixed(1)} | ${(perCode * 1000).toFixed(0)} ms | ${Math.round(perCode * CODES)} CPU-s |`,
  '',
  `## Median solve time per level (${SAMPLES} challenges each)`,
  '',
  `| level | most tries | Node | Chromium | Chromium, CPU 4× slower (a phone) | ${CODES.toLocaleString('en')} codes at this level (Node time × ${CODES.toLocaleString('en')}) |`,
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (row, level) =>
      `| ${level} | ${row.most} | ${ms(row.node)} | ${ms(row.chromium)} | ${ms(row.chromiumSlowed)} | ${Math.round((row.node / 1000) * CODES)} s |`,
  ),
  '',
];
fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
fs.writeFileSync(RESULT_FILE, `${lines.join('\n')}`);
console.log(lines.join('\n'));
process.exit(0);
