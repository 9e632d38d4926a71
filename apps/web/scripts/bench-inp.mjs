// INP of the signed-in candidate's typing and answering (issue 31, point 5), for bench-web.mjs: a
// playwright-core page on Chromium at 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate), with
// the web-vitals library's onINP (attribution build, reportAllChanges) injected before the app.
/* global window, Element */ // watchInteractions runs in the page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DESKTOP, launchBrowser, PHONE } from '../../../e2e/support/browser.ts';
import { GOOD_ID_NUMBER } from '../../../e2e/support/sign-in.ts';

export const CPU_SLOWDOWN = 4;
/** A person's pace: a key every 120 ms, a pause between two answers. */
const KEY_DELAY_MS = 120;
const ANSWER_PAUSE_MS = 400;
export const EXAM_ANSWERS = 10;

const require = createRequire(import.meta.url);
const WEB_VITALS = fs.readFileSync(
  path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.attribution.iife.js'),
  'utf8',
);

/** Runs in the page before its scripts: INP as web-vitals reports it, and every interaction's events. */
function watchInteractions(webVitals) {
  if (window.top !== window) return;
  const describe = (node) =>
    node instanceof Element
      ? `${node.localName}${node.id ? `#${node.id}` : ''}${node.getAttribute('role') ? `[role=${node.getAttribute('role')}]` : ''}`
      : String(node?.nodeName ?? '');
  const seen = { inp: null, events: [] };
  window.__benchInp = seen;
  webVitals.onINP(
    (metric) => {
      const a = metric.attribution;
      seen.inp = {
        value: metric.value,
        target: a.interactionTarget,
        type: a.interactionType,
        inputDelay: a.inputDelay,
        processing: a.processingDuration,
        presentation: a.presentationDelay,
        scripts: (a.longAnimationFrameEntries ?? [])
          .flatMap((frame) => frame.scripts)
          .sort((x, y) => y.duration - x.duration)
          .slice(0, 3)
          .map((s) => `${s.sourceFunctionName || s.invoker || '?'} ${Math.round(s.duration)} ms`),
      };
    },
    { reportAllChanges: true, durationThreshold: 16 },
  );
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        seen.events.push({
          id: e.interactionId,
          name: e.name,
          target: describe(e.target),
          duration: e.duration,
          inputDelay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The longest interactions (an interaction's longest event), worst first. */
function worstInteractions(events, count = 3) {
  const byId = new Map();
  for (const e of events) if (!(byId.get(e.id)?.duration >= e.duration)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.duration - a.duration).slice(0, count);
}

/** Clears a field without a keystroke (no interaction), then types into it key by key. */
async function typeInto(page, selector, text) {
  const field = page.locator(selector);
  await field.fill('');
  await field.click();
  await field.pressSequentially(text, { delay: KEY_DELAY_MS });
}

const FORM_FIELDS = (mobile) => [
  ['name', 'Li Ming'],
  ['idNumber', GOOD_ID_NUMBER],
  ['mobile', mobile],
  ['major', 'jisuanji kexue yu jishu'],
];

/** The application form: four fields typed key by key (the phone's ids are field-…, the desktop's apply-field-…). */
async function typeTheForm(page, layout, mobile) {
  const prefix = layout === 'mobile' ? '#field-' : '#apply-field-';
  await page.locator(`${prefix}name`).waitFor();
  let keys = 0;
  for (const [id, text] of FORM_FIELDS(mobile)) {
    await typeInto(page, `${prefix}${id}`, text);
    keys += text.length;
  }
  return `${FORM_FIELDS(mobile).length} fields, ${keys} keys`;
}

/** Answers one question: another option than last run's, two boxes of a multiple choice, or a blank's text. */
async function answer(page, question, run, nth) {
  const boxes = question.getByRole('checkbox');
  const multiple = (await boxes.count()) > 0;
  const options = multiple ? boxes : question.getByRole('radio');
  const optionCount = await options.count();
  if (optionCount === 0) {
    const box = question.getByRole('textbox');
    await box.fill('');
    await box.click();
    await box.pressSequentially(`${run}19`, { delay: KEY_DELAY_MS });
    return 0;
  }
  const picks = multiple ? [run, run + 1] : [run + nth];
  for (const pick of picks) await options.nth((pick + 1) % optionCount).click();
  return picks.length;
}

/**
 * The answer sheet: EXAM_ANSWERS answers, each question in turn and then the first again (the
 * seed's papers have fewer). The phone lists every question; the desktop shows one at a time, with
 * 下一题 and the answer card's buttons to move (each a click too).
 */
async function answerTheExam(page, layout, run) {
  const phone = layout === 'mobile';
  const questions = phone
    ? page.getByRole('group', { name: /^第\d+题/ })
    : page.locator('.exam-desk__question');
  await questions.first().waitFor();
  const count = phone
    ? await questions.count()
    : Number(/共(\d+)题/.exec(await page.locator('.exam-desk__meta').textContent())[1]);
  let clicks = 0;
  for (let answers = 0; answers < EXAM_ANSWERS; answers += 1) {
    const i = answers % count;
    if (!phone && answers > 0) {
      await (
        i === 0
          ? page.getByRole('button', { name: /^第1题，/ })
          : page.getByRole('button', { name: '下一题' })
      ).click();
      clicks += 1;
    }
    clicks += await answer(page, phone ? questions.nth(i) : questions, run, answers);
    await page.waitForTimeout(ANSWER_PAUSE_MS);
  }
  return `${EXAM_ANSWERS} answers on a paper of ${count} questions, ${clicks} clicks`;
}

const TASKS = {
  form: {
    screen: 'apply',
    act: (page, layout, run, candidate) => typeTheForm(page, layout, candidate.mobile),
  },
  exam: { screen: 'exam', act: (page, layout, run) => answerTheExam(page, layout, run) },
};

async function inpOnce(browser, candidate, storageState, task, layout, run) {
  const context = await browser.newContext({
    ...(layout === 'mobile' ? PHONE : DESKTOP),
    storageState,
  });
  try {
    await context.addInitScript({ content: `${WEB_VITALS}\n;(${watchInteractions})(webVitals);` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(candidate[TASKS[task].screen]);
    const did = await TASKS[task].act(page, layout, run, candidate);
    // The last interaction's frame has been presented and its entries delivered.
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => window.__benchInp);
    if (!seen.inp) throw new Error(`no INP reported on ${task} (${layout})`);
    return {
      ...seen.inp,
      did,
      interactions: new Set(seen.events.map((e) => e.id)).size,
      worst: worstInteractions(seen.events),
    };
  } finally {
    await context.close();
  }
}

/** Medians of `runs` runs of each task on each layout; each run a new page with the stored session. */
export async function measureInp(candidate, storageState, runs, median) {
  const browser = await launchBrowser();
  const rows = [];
  try {
    for (const layout of ['mobile', 'desktop'])
      for (const task of Object.keys(TASKS)) {
        const results = [];
        for (let run = 0; run < runs; run += 1) {
          const result = await inpOnce(browser, candidate, storageState, task, layout, run);
          process.stderr.write(
            `  INP ${task} (${layout}) run ${run + 1}: ${Math.round(result.value)} ms (${result.type} on ${result.target}; ${result.inputDelay.toFixed(0)}/${result.processing.toFixed(0)}/${result.presentation.toFixed(0)}; ${result.scripts.join(', ')}); worst ${JSON.stringify(result.worst)}\n`,
          );
          results.push(result);
        }
        const value = median(results.map((r) => r.value));
        // The run whose INP is the median: its interaction and its worst ones stand for the row.
        const typical = results.find((r) => r.value === value);
        rows.push({ task, layout, value, runs: results.map((r) => r.value), ...typical });
      }
  } finally {
    await browser.close();
  }
  return rows;
}
