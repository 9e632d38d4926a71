// npm run bench:web -w apps/web — first load in Lighthouse (default mobile: simulated slow 4G and
// 4× CPU; and desktop), the portal against a bare Vite + React 19 + react-router 7 page that this
// script builds in a temporary folder and serves from the same server, with the same compression.
// Medians of BENCH_RUNS (3) runs. Prints a markdown table and writes it to bench-results/web.md.
// Then the signed-in screens (issue 31, point 5): a fresh candidate signed up once, with an
// application to pay, a paid one with its ticket and its exam started; its stored session (local
// storage and cookies) is put in each Lighthouse browser before the audit, and each screen's LCP is set against
// the bare page's; and INP while typing into the form and answering the exam at 4× CPU
// (bench-inp.mjs). Written to bench-results/web-signed-in.md.
// Not part of npm test. Env: BENCH_PORT (first of two ports, default 18090), BENCH_RUNS,
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_SKIP_BUILD=1 to reuse apps/web/dist,
// BENCH_LHR_DIR to keep each run's whole Lighthouse report there (to see where a page's time goes).
// --only first-load,signed-in,inp runs only those sections (each with the baselines it needs).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import react from '@vitejs/plugin-react';
import puppeteer from 'puppeteer-core';
import { build, loadConfigFromFile } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { launchBrowser, PHONE } from '../../../e2e/support/browser.ts';
import { candidateWithEveryScreen } from '../../../e2e/support/candidate-states.ts';
import { withSectionsReplaced } from '../../server/scripts/report-sections.ts';
import { CPU_SLOWDOWN, EXAM_ANSWERS, measureInp } from './bench-inp.mjs';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 18090);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { mobileScore: 90, lcpVsBaseline: 1.5, cls: 0.05, inpMs: 200 };
const SECTIONS = ['first-load', 'signed-in', 'inp'];
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg === -1 ? SECTIONS : process.argv[onlyArg + 1].split(',');
for (const section of ONLY)
  if (!SECTIONS.includes(section)) throw new Error(`--only: no section ${section} (${SECTIONS})`);
/** The signed-in screens, in the order of the table (both layouts each). */
const SIGNED_IN_SCREENS = ['apply', 'payment', 'ticket', 'exam', 'my', 'myProject'];
/** web-signed-in.md's sections: a run with --only replaces only those it measured. */
const SIGNED_IN_HEADINGS = ['## LCP of the signed-in screens', '## INP while typing and answering'];
const DRAWING_ONLY = '/views/home/project, scripts blocked';

const run = (command, args, cwd = REPO_ROOT) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

/** The baseline: a bare Vite + React + react-router page, built with the portal's compression. */
async function buildBaseline() {
  const { config: portalConfig } = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(WEB_DIR, 'vite.config.ts'),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-baseline-'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<link rel="icon" href="data:," /><title>Baseline</title><!--portal-config--></head>
<body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>`,
  );
  fs.writeFileSync(
    path.join(dir, 'src/main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Link } from 'react-router';
function Page() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 16 }}>
      <h1>项目报名</h1>
      <p>考试、招聘、竞赛项目在线报名，进度随时查看。</p>
      <Link to="/views/home">首页</Link>
    </main>
  );
}
const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
createRoot(document.getElementById('root')).render(
  <StrictMode><RouterProvider router={router} /></StrictMode>,
);
`,
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [
      react(),
      compression({
        include: /\.(js|css)$/,
        threshold: 1024,
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      }),
    ],
    // The portal's support floor, so both builds lower their syntax alike.
    build: { target: portalConfig.build.target },
  });
  return dir;
}

async function startServer(port, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-data-'));
  // The embedded database, as npm start runs it.
  // (Vite's build set NODE_ENV=production in this process; the demo refuses it.)
  const { DATABASE_URL: _db, REDIS_URL: _redis, NODE_ENV: _env, ...inherited } = process.env;
  const server = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 180; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`server on ${port} exited`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    base,
    /** Its data folder goes once it has exited: the embedded database writes to it as it closes. */
    async stop() {
      let timer;
      const exited = new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) resolve();
        else server.once('exit', resolve);
      });
      try {
        process.kill(-server.pid, 'SIGTERM');
        await Promise.race([
          exited,
          new Promise((resolve) => (timer = setTimeout(resolve, 15_000))),
        ]);
      } catch {
        // already gone
      } finally {
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The stored session in a new browser: the origin's local storage (where the app keeps its sign-in
 * record) set on a page of the origin that runs no script, and its cookies (the pages' copy of the
 * record's token, with which the server draws a signed-in screen). Lighthouse's storage reset leaves
 * local storage and cookies (it clears caches and service workers), so the audit's load is a
 * signed-in candidate's cold load.
 */
async function restoreSession(port, storageState) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    if (storageState.cookies.length > 0) await browser.setCookie(...storageState.cookies);
    for (const { origin, localStorage: items } of storageState.origins) {
      const page = await browser.newPage();
      await page.goto(`${origin}/healthz`);
      await page.evaluate((entries) => {
        for (const { name, value } of entries) localStorage.setItem(name, value);
      }, items);
      await page.close();
    }
  } finally {
    await browser.disconnect();
  }
}

async function lighthouseOnce(url, formFactor, blockedUrlPatterns, storageState) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (storageState) await restoreSession(chrome.port, storageState);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        blockedUrlPatterns,
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const { audits, categories } = result.lhr;
    if (process.env.BENCH_LHR_DIR) {
      fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = `${formFactor}-${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
    }
    const requests = audits['network-requests']?.details?.items ?? [];
    if (result.lhr.runtimeError) process.stderr.write(`  ${result.lhr.runtimeError.message}\n`);
    return {
      score: (categories.performance.score ?? Number.NaN) * 100,
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      jsKb:
        requests
          .filter((r) => r.resourceType === 'Script')
          .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      requests: requests.length,
      lcpElement:
        audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(name, url, formFactor, blockedUrlPatterns = [], storageState = undefined) {
  const runs = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt += 1) {
    const result = await lighthouseOnce(url, formFactor, blockedUrlPatterns, storageState);
    // A run Lighthouse could not finish (no paint seen, a timeout) has no metrics: run again.
    const { lcpElement: _element, ...metrics } = result;
    const failed = Object.values(metrics).some((value) => !Number.isFinite(value));
    process.stderr.write(
      `  ${name} (${formFactor}) run ${attempt + 1}: ${failed ? 'failed, again' : `score ${result.score}, LCP ${Math.round(result.lcp)} ms`}\n`,
    );
    if (!failed) runs.push(result);
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not measure ${url}`);
  const row = { name, formFactor };
  for (const key of Object.keys(runs[0]))
    if (key !== 'lcpElement') row[key] = median(runs.map((r) => r[key]));
  row.lcpElement = runs.find((r) => r.lcp === row.lcp)?.lcpElement;
  row.score = Math.round(row.score);
  return row;
}

async function firstProjectId(base) {
  const response = await fetch(
    `${base}/services/exam-flow/OpenService/v1/Project/GetProjectList?PageIndex=1&PageSize=1`,
  );
  const body = await response.json();
  return body.Data.Items[0].ProjectId;
}

const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

const machineLoad = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const lighthouseVersion = () =>
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8'))
    .version;

function writeResult(file, table) {
  console.log(`\n${table}`);
  fs.mkdirSync(path.join(REPO_ROOT, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, 'bench-results', file), table);
  console.log(`written to bench-results/${file}`);
}

/** The anonymous first screens against the bare page (bench-results/web.md). */
async function firstLoad(portal, baselineRows) {
  const rows = [...baselineRows];
  const projectId = await firstProjectId(portal.base);
  const pages = [
    ['/views/home/project', 'mobile'],
    ['/views/home', 'mobile'],
    [`/views/flowManage?ProjectId=${projectId}`, 'mobile'],
    ['/views/home/project', 'desktop'],
  ];
  for (const [page, formFactor] of pages)
    rows.push(await measure(page, `${portal.base}${page}`, formFactor));
  // The server's drawing alone: what this machine's Lighthouse counts against a page that runs
  // none of its own scripts (the first row's page, its JavaScript blocked).
  rows.push(
    await measure(DRAWING_ONLY, `${portal.base}${pages[0][0]}`, 'mobile', ['*/assets/*.js']),
  );

  const baselineLcp = Object.fromEntries(baselineRows.map((r) => [r.formFactor, r.lcp]));
  const verdicts = (row) => {
    if (row.name === 'baseline' || row.name === DRAWING_ONLY) return '—';
    const checks = [];
    if (row.formFactor === 'mobile')
      checks.push(`score ${row.score >= TARGETS.mobileScore ? 'ok' : 'MISS'}`);
    const ratio = row.lcp / baselineLcp[row.formFactor];
    checks.push(`LCP ${ratio.toFixed(2)}× ${ratio <= TARGETS.lcpVsBaseline ? 'ok' : 'MISS'}`);
    checks.push(`CLS ${row.cls <= TARGETS.cls ? 'ok' : 'MISS'}`);
    return checks.join(', ');
  };
  writeResult(
    'web.md',
    [
      `# Web first load (Lighthouse ${lighthouseVersion()})`,
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${machineLoad()}), Node ${process.version}; medians of ${RUNS} runs (a run Lighthouse could not finish is run again). Mobile is Lighthouse's`,
      'default (simulated slow 4G, 4× CPU slowdown); desktop its desktop preset. Baseline: a bare',
      'Vite + React 19 + react-router 7 page served by the same server with the same compression.',
      `"${DRAWING_ONLY}": the server's drawing of that page with none of its scripts, the floor this`,
      "machine's Lighthouse puts under any drawn page (its TBT is the browser's own work, timed on 2 busy cores).",
      '',
      `Targets: mobile performance ≥ ${TARGETS.mobileScore}, LCP ≤ ${TARGETS.lcpVsBaseline}× the baseline's (same form factor), CLS ≤ ${TARGETS.cls}.`,
      '',
      '| page | form factor | score | FCP | LCP | TBT | CLS | JS (KB, transferred) | requests | targets |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.formFactor} | ${r.score} | ${secs(r.fcp)} | ${secs(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.jsKb.toFixed(0)} | ${r.requests} | ${verdicts(r)} |`,
      ),
      '',
    ].join('\n'),
  );
}

/** A fresh candidate with every signed-in screen's state, and its stored session. */
async function signedInCandidate(base) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(PHONE);
    const candidate = await candidateWithEveryScreen(await context.newPage(), base);
    return { candidate, storageState: await context.storageState() };
  } finally {
    await browser.close();
  }
}

/** The signed-in screens' LCP against the bare page's, and INP (bench-results/web-signed-in.md). */
async function signedIn(portal, baselineRows) {
  const load = { before: machineLoad() };
  const { candidate, storageState } = await signedInCandidate(portal.base);
  const rows = [];
  if (ONLY.includes('signed-in'))
    for (const formFactor of ['mobile', 'desktop'])
      for (const screen of SIGNED_IN_SCREENS)
        rows.push(await measure(screen, candidate[screen], formFactor, [], storageState));
  load.lighthouse = machineLoad();
  const inpRows = ONLY.includes('inp')
    ? await measureInp(candidate, storageState, RUNS, median)
    : [];
  load.inp = machineLoad();

  const baselineLcp = Object.fromEntries(baselineRows.map((r) => [r.formFactor, r.lcp]));
  const address = (screen) => new URL(candidate[screen]).pathname;
  const lcpVerdict = (row) => {
    const ratio = row.lcp / baselineLcp[row.formFactor];
    return `${ratio.toFixed(2)}× ${ratio <= TARGETS.lcpVsBaseline ? 'ok' : 'MISS'}`;
  };
  const worst = (r) =>
    r.worst
      .map(
        (w) =>
          `${w.name} on ${w.target} ${Math.round(w.duration)} ms (delay ${Math.round(w.inputDelay)}, handlers ${Math.round(w.processing)})`,
      )
      .join('; ');
  const measured = (from, to) =>
    `Measured ${new Date().toISOString()} on ${os.cpus().length} cores, Node ${process.version}; load average ${from} at the start, ${to} at the end. Medians of ${RUNS} runs.`;
  const lcpSection = [
    SIGNED_IN_HEADINGS[0],
    '',
    measured(load.before, load.lighthouse),
    '',
    "A fresh candidate, signed up once in a browser of its own, with an application approved and waiting for its fee (payment), a paid one on the seed's online-exam project with its ticket and its exam started (ticket, exam: the answer sheet), and a project's full form not yet applied to (apply). Its stored session (the origin's local storage, where the app keeps the sign-in record, and its cookies, where it keeps the token for page requests so the server can draw my, myProject and the form) is set in each Lighthouse browser before the audit; the load is cold (Lighthouse clears the caches). Mobile is Lighthouse's default (simulated slow 4G, 4× CPU slowdown), desktop its desktop preset; the baseline is the bare page's LCP of the same form factor.",
    '',
    `Target: LCP ≤ ${TARGETS.lcpVsBaseline}× the bare page's.`,
    '',
    '| screen | address | form factor | score | FCP | LCP | TBT | CLS | JS (KB) | requests | LCP vs bare | LCP element |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...baselineRows.map(
      (r) =>
        `| bare page | — | ${r.formFactor} | ${r.score} | ${secs(r.fcp)} | ${secs(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.jsKb.toFixed(0)} | ${r.requests} | — | — |`,
    ),
    ...rows.map(
      (r) =>
        `| ${r.name} | ${address(r.name)} | ${r.formFactor} | ${r.score} | ${secs(r.fcp)} | ${secs(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.jsKb.toFixed(0)} | ${r.requests} | ${lcpVerdict(r)} | \`${(r.lcpElement ?? '').replace(/\|/g, '\\|').slice(0, 60)}\` |`,
    ),
  ];
  const inpSection = [
    SIGNED_IN_HEADINGS[1],
    '',
    measured(load.lighthouse, load.inp),
    '',
    `Chromium (playwright-core) at ${CPU_SLOWDOWN}× CPU slowdown (\`Emulation.setCPUThrottlingRate\`), the same stored session, the web-vitals library's \`onINP\` (attribution build, \`reportAllChanges\`) injected before the app; each run a new page. Form: four fields of the full application form typed key by key (a key every 120 ms). Exam: ${EXAM_ANSWERS} answers on the answer sheet (an option clicked per single choice or judgement, two boxes per multiple choice; the seed's papers have 9 questions, so the first is answered again), 400 ms between answers. "Worst" lists the run's three longest interactions (an interaction's longest event).`,
    '',
    `Target: INP ≤ ${TARGETS.inpMs} ms.`,
    '',
    '| task | layout | what was done | INP (median) | runs | INP interaction | input delay / handlers / presentation | worst interactions | target |',
    '|---|---|---|---:|---|---|---|---|---|',
    ...inpRows.map(
      (r) =>
        `| ${r.task} | ${r.layout} | ${r.did} | ${Math.round(r.value)} ms | ${r.runs.map((v) => Math.round(v)).join(', ')} | ${r.type} on \`${r.target}\` | ${Math.round(r.inputDelay)} / ${Math.round(r.processing)} / ${Math.round(r.presentation)} ms | ${worst(r)} | ${r.value <= TARGETS.inpMs ? 'ok' : 'MISS'} |`,
    ),
  ];
  const ran = [
    ...(ONLY.includes('signed-in') ? [lcpSection.join('\n')] : []),
    ...(ONLY.includes('inp') ? [inpSection.join('\n')] : []),
  ];
  const file = path.join(REPO_ROOT, 'bench-results', 'web-signed-in.md');
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  writeResult(
    'web-signed-in.md',
    [
      `# Signed-in screens and interaction (Lighthouse ${lighthouseVersion()}, web-vitals ${JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/web-vitals/package.json'), 'utf8')).version})`,
      '',
      'Each section is the latest run of its part (`--only signed-in` or `--only inp` runs one); what they mean: docs/performance.md.',
      '',
      ...withSectionsReplaced(previous, ran, SIGNED_IN_HEADINGS).flatMap((section) => [
        section,
        '',
      ]),
    ].join('\n'),
  );
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) run('npm', ['run', 'build', '-w', 'apps/web']);
  const baselineDir = await buildBaseline();
  const portal = await startServer(PORT, {});
  const baseline = await startServer(PORT + 1, {
    WEB_DIST_DIR: path.join(baselineDir, 'dist'),
    SERVICES: 'web',
  });
  try {
    const baselineRows = [];
    for (const formFactor of ['mobile', 'desktop'])
      baselineRows.push(
        await measure('baseline', `${baseline.base}/views/home/project`, formFactor),
      );
    if (ONLY.includes('first-load')) await firstLoad(portal, baselineRows);
    if (ONLY.includes('signed-in') || ONLY.includes('inp')) await signedIn(portal, baselineRows);
  } finally {
    await Promise.all([portal.stop(), baseline.stop()]);
    fs.rmSync(baselineDir, { recursive: true, force: true });
  }
}

await main();
