import { spawn, type ChildProcess } from 'node:child_process';
import getPort from 'get-port';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { remote } from 'webdriverio';
import { screenshotPath } from './browser.js';

/**
 * The browsers besides Chromium that candidates' phones run: WebKit (every iPhone browser, WeChat
 * on iOS) through WebKitGTK's MiniBrowser and WebKitWebDriver, and Gecko through Firefox ESR over
 * WebDriver BiDi. Both are Debian's packages; neither client downloads a browser or a driver.
 */
export type EngineName = 'webkit' | 'firefox';

/** What a journey does with a page, the same in both engines. Selectors are CSS. */
export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `script` (a function's source, called with `args`) in the page and returns its result. */
  evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<Awaited<T>>;
  /** A click as the engine's automation makes it (pointer events, focus), not a script's click(). */
  click(selector: string): Promise<void>;
  /** Key presses into the field, after what it holds is cleared. */
  type(selector: string, text: string): Promise<void>;
  upload(selector: string, filePath: string): Promise<void>;
  /** Saved for a person to look at, as the journeys' screenshots are. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

const WEBKIT_BINARY =
  process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const FIREFOX_BINARY = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`${name} exited (${child.exitCode})`));
      fetch(`http://127.0.0.1:${port}/status`)
        .then(() => resolve())
        .catch(() =>
          Date.now() > deadline
            ? reject(new Error(`${name} did not listen on ${port}`))
            : setTimeout(attempt, 100),
        );
    };
    attempt();
  });
}

/** MiniBrowser under a virtual display (WebKitGTK has no headless mode), driven by WebKitWebDriver. */
async function openWebKit(userAgent: string, width: number, height: number): Promise<EnginePage> {
  // Xvfb picks a free display itself and writes its number to the descriptor given.
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]!.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  const driverPort = await getPort();
  const driver = spawn('WebKitWebDriver', [`--port=${driverPort}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const stopAll = () => {
    driver.kill();
    xvfb.kill();
  };
  try {
    await waitForPort(driverPort, driver, 'WebKitWebDriver');
    const browser = await remote({
      hostname: '127.0.0.1',
      port: driverPort,
      path: '/',
      logLevel: 'warn',
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver speaks WebDriver classic only.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: WEBKIT_BINARY,
          args: ['--automation', `--user-agent=${userAgent}`],
        },
      } as WebdriverIO.Capabilities,
    });
    // MiniBrowser's window is at least 447 px wide; the journey sizes it as close to a phone as it goes.
    await browser.setWindowSize(width, height);
    return {
      engine: 'webkit',
      async goto(url) {
        await browser.url(url);
      },
      url: () => browser.getUrl(),
      evaluate: (fn, ...args) =>
        browser.execute(fn as (...a: unknown[]) => unknown, ...args) as never,
      async click(selector) {
        try {
          const element = browser.$(selector);
          // WebKitWebDriver scrolls a target to the window's edge, under a bar that stays there.
          await browser.execute(
            (css: string) => document.querySelector(css)?.scrollIntoView({ block: 'center' }),
            selector,
          );
          await element.click();
        } catch (error) {
          throw new Error(
            `webkit: clicking ${selector} at ${await browser.getUrl()}: ${String(error)}`,
          );
        }
      },
      async type(selector, text) {
        await browser.$(selector).setValue(text);
      },
      async upload(selector, filePath) {
        // The protocol's own command: a file input may be visually hidden behind its button, which
        // WebDriver allows for files and webdriverio's interactability wait does not.
        const elementId = await browser.$(selector).elementId;
        await browser.elementSendKeys(elementId, filePath);
      },
      async screenshot(name) {
        await browser.saveScreenshot(screenshotPath(name));
      },
      async close() {
        await browser.deleteSession().catch(() => undefined);
        stopAll();
      },
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}

/** Firefox ESR headless over WebDriver BiDi (puppeteer-core; no geckodriver needed). */
async function openFirefox(userAgent: string, width: number, height: number): Promise<EnginePage> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_BINARY,
    headless: true,
    extraPrefsFirefox: {
      'general.useragent.override': userAgent,
      'intl.accept_languages': 'zh-CN',
    },
  });
  const page: PuppeteerPage = await browser.newPage();
  await page.setViewport({ width, height, isMobile: true, hasTouch: true });
  return {
    engine: 'firefox',
    async goto(url) {
      await page.goto(url);
    },
    url: async () => page.url(),
    evaluate: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as never,
    async click(selector) {
      await page.locator(selector).click();
    },
    async type(selector, text) {
      await page.locator(selector).fill(text);
    },
    async upload(selector, filePath) {
      const input = await page.waitForSelector(selector);
      await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(filePath);
    },
    async screenshot(name) {
      await page.screenshot({ path: screenshotPath(name) as `${string}.png` });
    },
    async close() {
      await browser.close();
    },
  };
}

export function openEngine(
  engine: EngineName,
  device: { userAgent: string; width: number; height: number },
): Promise<EnginePage> {
  return engine === 'webkit'
    ? openWebKit(device.userAgent, device.width, device.height)
    : openFirefox(device.userAgent, device.width, device.height);
}

const POLL_MS = 150;

/** Polls `fn` in the page until it returns something truthy (which it returns). */
export async function waitInPage<T>(
  page: EnginePage,
  what: string,
  fn: (...args: never[]) => T,
  ...args: unknown[]
): Promise<NonNullable<Awaited<T>>> {
  const deadline = Date.now() + 20_000;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await page.evaluate(fn, ...args);
      if (value) return value as NonNullable<Awaited<T>>;
    } catch (error) {
      last = error; // a navigation in between
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(
    `${page.engine}: ${what} did not happen in 20 s (at ${await page.url()})${last ? `: ${String(last)}` : ''}`,
  );
}

export async function waitForUrl(page: EnginePage, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const url = await page.url().catch(() => '');
    if (pattern.test(url)) return url;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${page.engine}: the address did not match ${pattern} (at ${await page.url()})`);
}

/**
 * Waits for a visible element matching `selector` whose text (or accessible label) is `text`,
 * marks it, and clicks it with the engine's own click. `last` picks the last of several (a popup
 * drawn over the page).
 */
export async function clickText(
  page: EnginePage,
  selector: string,
  text: string | RegExp,
  { last = false } = {},
): Promise<void> {
  const source =
    typeof text === 'string' ? `^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : text.source;
  const mark = await waitInPage(
    page,
    `${selector} 「${String(text)}」`,
    (css: string, pattern: string, pickLast: boolean) => {
      const wanted = new RegExp(pattern);
      const found = [...document.querySelectorAll<HTMLElement>(css)].filter((element) => {
        const box = element.getBoundingClientRect();
        const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        return box.width > 0 && box.height > 0 && wanted.test(label);
      });
      const target = pickLast ? found.at(-1) : found[0];
      if (!target) return '';
      const id = `t${Math.random().toString(36).slice(2)}`;
      target.setAttribute('data-journey-target', id);
      target.scrollIntoView({ block: 'center' });
      return id;
    },
    selector,
    source,
    last,
  );
  await page.click(`[data-journey-target="${mark}"]`);
}

/** Resolves once the page's text contains `text`. */
export function waitForText(page: EnginePage, text: string | RegExp): Promise<boolean> {
  const source =
    typeof text === 'string' ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text.source;
  return waitInPage(
    page,
    `the text 「${String(text)}」`,
    (pattern: string) => new RegExp(pattern).test(document.body?.innerText ?? ''),
    source,
  );
}

/**
 * Records the page's uncaught errors from now on (WebKit's automation reports no console): read
 * them with `pageErrors`. Installed again after each full navigation.
 */
export async function recordPageErrors(page: EnginePage): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __journeyErrors?: string[] };
    if (w.__journeyErrors) return;
    w.__journeyErrors = [];
    window.addEventListener('error', (event) => w.__journeyErrors!.push(String(event.message)));
    window.addEventListener('unhandledrejection', (event) =>
      w.__journeyErrors!.push(String((event.reason as Error)?.message ?? event.reason)),
    );
  });
}

export function pageErrors(page: EnginePage): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __journeyErrors?: string[] }).__journeyErrors ?? [],
  );
}
