import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import {
  ANSWERED_FOR_ATTRIBUTE,
  type ApplySummary,
  DEFERRED_SCRIPTS_ELEMENT_ID,
  type Endpoint,
  DESKTOP_PROJECT_PAGE_SIZE,
  EARLY_CALLS_ELEMENT_ID,
  examCandidates,
  FIRST_ANSWERS_ELEMENT_ID,
  FIRST_SCREEN_ELEMENT_ID,
  firstAnswerKey,
  getExamine,
  getHomeLable,
  getMessageList,
  getProject,
  getProjectList,
  getUser,
  getUserProject,
  MAX_PAGE_SIZE,
  PROJECT_PAGE_SIZE,
  REGION_DATA_PATH,
  SERVICE_IDS,
  SIGNED_IN_FIRST_CALLS,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { callStillSending } from '../testing/held-call.js';
import { firstAnswersFor } from './first-answers.js';

const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8"><!--portal-config-->
<script type="module" crossorigin src="/assets/index-e1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">
<link rel="stylesheet" crossorigin href="/assets/index-e1.css"></head>
<body><div id="root"></div></body></html>`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

/** A built SPA as the web build leaves it: hashed assets with .br/.gz, the manifest, the route map. */
function writeBuild(dir: string) {
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };
  write('index.html', TEMPLATE);
  write('favicon.ico', Buffer.from([0, 0, 1, 0, 1, 0]));
  const code = `export const big = ${JSON.stringify('x'.repeat(4000))};`;
  for (const name of ['index-e1', 'mobile-app-m1', 'desktop-app-d1', 'list-page-p1', 'ui-u1'])
    write(`assets/${name}.js`, code);
  write('assets/index-e1.js.br', brotliCompressSync(code));
  write('assets/list-page-p1.css', '.list{}');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': {
        file: 'assets/index-e1.js',
        isEntry: true,
        imports: ['_runtime'],
        dynamicImports: ['src/app/start.tsx'],
      },
      'src/app/boot.ts': { file: 'assets/boot-b1.js', isEntry: true },
      'src/app/early-calls.ts': { file: 'assets/early-calls-c1.js', isEntry: true },
      _runtime: { file: 'assets/runtime-r1.js' },
      // What the entry starts the app from; the layouts import code that shares its chunk.
      'src/app/start.tsx': {
        file: 'assets/start-s1.js',
        imports: ['_runtime'],
        dynamicImports: ['src/app/mobile-app.tsx', 'src/app/desktop-app.tsx'],
      },
      'src/app/mobile-app.tsx': {
        file: 'assets/mobile-app-m1.js',
        imports: ['_ui', 'src/app/start.tsx'],
      },
      'src/app/desktop-app.tsx': {
        file: 'assets/desktop-app-d1.js',
        imports: ['src/app/start.tsx'],
      },
      'src/list-page.tsx': {
        file: 'assets/list-page-p1.js',
        imports: ['_ui', 'index.html'],
        css: ['assets/list-page-p1.css'],
      },
      // As the UI library's chunk and the layout's import each other in the real build.
      _ui: { file: 'assets/ui-u1.js', imports: ['src/app/mobile-app.tsx'] },
    }),
  );
  // The web build's renderer, at the edge: it draws an address asking for it (drawn=1).
  write(
    '.ssr/server-render.js',
    `export async function renderFirstScreen({ url, layout, firstAnswers, elder, signedInAs }) {
      if (!url.includes('drawn=1')) return null;
      return {
        html: '<p>drawn ' + Object.keys(firstAnswers).length + (elder ? ' for elders' : '') +
          (signedInAs ? ' signed in as ' + signedInAs : '') + '</p>',
        head: layout === 'desktop' ? '<style data-css-hash="h1">.ant-btn{color:blue}</style>' : '',
        state: { loaderData: { 0: null }, queries: {} },
      };
    }`,
  );
  write(
    '.vite/route-pages.json',
    JSON.stringify({
      layouts: { mobile: 'src/app/mobile-app.tsx', desktop: 'src/app/desktop-app.tsx' },
      routes: {
        mobile: [{ pattern: 'home/project', src: 'src/list-page.tsx' }],
        desktop: [],
      },
    }),
  );
}

describe('host: how the SPA is delivered', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(webDir);
    t = await createTestApp({
      env: {
        WEB_DIST_DIR: webDir,
        SERVICES: [...SERVICE_IDS, 'web'].join(','),
        // The island is compared with a fresh answer, not with the one the process keeps.
        ANONYMOUS_ANSWER_TTL_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': IPHONE, ...headers } });
  const islandOf = (body: string, id: string) => {
    const text = new RegExp(`<script type="application/json" id="${id}"[^>]*>(.*?)</script>`).exec(
      body,
    )?.[1];
    return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
  };

  it('carries the config and the site page config as data islands, without RegionData', async () => {
    const response = await page('/views/home/project');
    const island = (id: string) => islandOf(response.body, id)!;
    const config = island('portal-config');
    expect(config.MicroServices).toHaveLength(SERVICE_IDS.length);
    expect(config).not.toHaveProperty('RegionData');
    expect(island('portal-page-config')).toMatchObject({ IsNotFound: false });
  });

  it("carries an anonymous visitor's first answers, exactly as the calls answer them", async () => {
    const list = new URLSearchParams({ PageIndex: '1', PageSize: String(PROJECT_PAGE_SIZE) });
    const answers = islandOf((await page('/views/home/project')).body, FIRST_ANSWERS_ELEMENT_ID)!;
    expect(Object.keys(answers).sort()).toEqual(
      [
        firstAnswerKey(getHomeLable, new URLSearchParams()),
        firstAnswerKey(getProjectList, list),
      ].sort(),
    );
    const asked = await t.call(getProjectList, Object.fromEntries(list));
    expect(answers[firstAnswerKey(getProjectList, list)]).toEqual(asked.body);
    expect(asked.body.Data.Items).toHaveLength(PROJECT_PAGE_SIZE);

    // A desktop's list: its own page size, and the page its address names.
    const desktopPage = new URLSearchParams({
      PageIndex: '2',
      PageSize: String(DESKTOP_PROJECT_PAGE_SIZE),
    });
    const desktopAnswers = islandOf(
      (await page('/views/home/project?PageIndex=2', { 'user-agent': DESKTOP })).body,
      FIRST_ANSWERS_ELEMENT_ID,
    )!;
    expect(Object.keys(desktopAnswers).sort()).toEqual(
      [
        firstAnswerKey(getHomeLable, new URLSearchParams()),
        firstAnswerKey(getProjectList, desktopPage),
      ].sort(),
    );

    // A project's page: its details; an id that is no project's: nothing (the SPA asks and shows 404).
    const id = asked.body.Data.Items[0]!.ProjectId;
    const flow = islandOf(
      (await page(`/views/flowManage?ProjectId=${id}`)).body,
      FIRST_ANSWERS_ELEMENT_ID,
    )!;
    const detail = flow[firstAnswerKey(getProject, new URLSearchParams({ ProjectId: String(id) }))];
    expect(detail).toMatchObject({ ErrCode: 0, Data: { ProjectId: id } });
    const missing = islandOf(
      (await page('/views/flowManage?ProjectId=999999')).body,
      FIRST_ANSWERS_ELEMENT_ID,
    );
    expect(Object.keys(missing ?? {}).some((key) => key.startsWith(getProject.name))).toBe(false);
    // A filtered list: the page of that filter (a filter chip is a link to it).
    expect(
      Object.keys(
        islandOf(
          (await page('/views/home/project?State=Applying')).body,
          FIRST_ANSWERS_ELEMENT_ID,
        )!,
      ).sort(),
    ).toEqual(
      [
        firstAnswerKey(getHomeLable, new URLSearchParams()),
        firstAnswerKey(
          getProjectList,
          new URLSearchParams({
            PageIndex: '1',
            PageSize: String(PROJECT_PAGE_SIZE),
            State: 'Applying',
          }),
        ),
      ].sort(),
    );
    // A page without first calls: no island.
    expect(
      islandOf((await page('/views/auth/station')).body, FIRST_ANSWERS_ELEMENT_ID),
    ).toBeUndefined();
  });

  it('leaves out the calls of a service that the SPA is pointed elsewhere for', async () => {
    const config = {
      ...t.deps.config,
      serviceEndpoints: {
        ...t.deps.config.serviceEndpoints,
        'exam-flow': 'https://api.example.com/services/exam-flow',
      },
    };
    const answers = await firstAnswersFor(
      t.app,
      config,
      { ip: '203.0.113.7' } as FastifyRequest,
      'mobile',
      new URL('http://localhost/views/home/project'),
    );
    expect(Object.keys(answers ?? {})).toEqual([
      firstAnswerKey(getHomeLable, new URLSearchParams()),
    ]);
  });

  it('is revalidated by its ETag (no-cache, not no-store) and answers 304 when unchanged', async () => {
    const first = await page('/views/home/project');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await page('/views/home/project', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another layout is another page: its own tag.
    const desktop = await page('/views/home/project', { 'user-agent': DESKTOP });
    expect(desktop.headers.etag).not.toBe(etag);
    expect(String(desktop.headers.vary)).toContain('User-Agent');
  });

  it("preloads the layout's and the route's chunks and stylesheet, not the entry's", async () => {
    const mobile = (await page('/views/home/project')).body;
    expect(mobile).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/mobile-app-m1.js">',
    );
    expect(mobile).toContain('<link rel="modulepreload" crossorigin href="/assets/ui-u1.js">');
    expect(mobile).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/list-page-p1.js">',
    );
    expect(mobile).toContain('<link rel="stylesheet" crossorigin href="/assets/list-page-p1.css">');
    expect(mobile).not.toContain('modulepreload" crossorigin href="/assets/index-e1.js"');
    // The chunk the entry starts the app from, once, with the layout's (not a round trip after).
    expect(mobile.match(/href="\/assets\/start-s1\.js"/g)).toHaveLength(1);
    expect(mobile).not.toContain('desktop-app');
    const other = (await page('/views/find')).body;
    expect(other).toContain('mobile-app-m1.js');
    expect(other).not.toContain('list-page-p1');
    const desktop = (await page('/views/home/project', { 'user-agent': DESKTOP })).body;
    expect(desktop).toContain('href="/assets/desktop-app-d1.js"');
    expect(desktop).toContain('href="/assets/start-s1.js"');
    expect(desktop).not.toContain('mobile-app');
  });

  it("a phone's first screen comes drawn, its scripts named for boot.ts to load after it paints", async () => {
    const body = (await page('/views/home/project?drawn=1')).body;
    expect(body).toContain('<div id="root"><p>drawn 2</p></div>');
    expect(islandOf(body, FIRST_SCREEN_ELEMENT_ID)).toEqual({
      loaderData: { 0: null },
      queries: {},
    });
    expect(body).toContain('<script type="module" crossorigin src="/assets/boot-b1.js"></script>');
    expect(body).not.toContain('src="/assets/index-e1.js"');
    expect(body).not.toContain('modulepreload');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/list-page-p1.css">');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-e1.css">');
    // Dependencies first: boot.ts runs them in this order, one per task; the UI chunk only through
    // the layout, as the app enters their cycle (run first, it would run the layout before itself).
    expect(islandOf(body, DEFERRED_SCRIPTS_ELEMENT_ID)).toEqual({
      entry: '/assets/index-e1.js',
      preload: [
        '/assets/runtime-r1.js',
        '/assets/start-s1.js',
        '/assets/ui-u1.js',
        '/assets/mobile-app-m1.js',
        '/assets/list-page-p1.js',
      ],
      run: [
        '/assets/runtime-r1.js',
        '/assets/start-s1.js',
        '/assets/mobile-app-m1.js',
        '/assets/list-page-p1.js',
      ],
    });
    // The phone's drawing brings no styles of its own: its stylesheets are linked.
    expect(body).not.toContain('<style');
    // Declined (or a page without first answers): the page as before.
    const undrawn = (await page('/views/home/project')).body;
    expect(undrawn).toContain('<div id="root"></div>');
    expect(undrawn).toContain('src="/assets/index-e1.js"');
    expect(undrawn).not.toContain(DEFERRED_SCRIPTS_ELEMENT_ID);
    const desktopWithoutAnswers = (await page('/views/find?drawn=1', { 'user-agent': DESKTOP }))
      .body;
    expect(desktopWithoutAnswers).toContain('<div id="root"></div>');
  });

  it("a signed-in screen names its first calls for the page's first script, before the app's modules", async () => {
    const body = (await page('/views/my/myProject')).body;
    const { storageKey, calls } = islandOf(body, EARLY_CALLS_ELEMENT_ID) as {
      storageKey: string;
      calls: { key: string; url: string }[];
    };
    expect(storageKey).toBe(`oidc.user:${t.deps.config.oidcClientId}`);
    const account = t.deps.config.serviceEndpoints['exam-account'];
    expect(calls).toEqual([
      { key: 'User/GetUser?', url: `${account}/OpenService/v1/User/GetUser` },
      {
        key: 'MessageNotice/GetList?PageIndex=1&PageSize=1',
        url: `${t.deps.config.serviceEndpoints['exam-message']}/OpenService/v1/MessageNotice/GetList?PageIndex=1&PageSize=1`,
      },
      {
        key: 'User/GetUserProject?PageIndex=1&PageSize=10',
        url: `${account}/OpenService/v1/User/GetUserProject?PageIndex=1&PageSize=10`,
      },
    ]);
    const script = body.indexOf(
      '<script type="module" crossorigin src="/assets/early-calls-c1.js">',
    );
    expect(script).toBeGreaterThan(-1);
    expect(script).toBeLessThan(body.indexOf('rel="modulepreload"'));
    expect(script).toBeLessThan(body.indexOf('src="/assets/index-e1.js"'));
    // An address whose calls need what it lacks lists only the others; a page with none, nothing.
    const exam = islandOf((await page('/views/onlineExam')).body, EARLY_CALLS_ELEMENT_ID);
    expect(exam).toMatchObject({
      calls: [{ key: 'MessageNotice/GetList?PageIndex=1&PageSize=1' }],
    });
    const list = (await page('/views/home/project')).body;
    expect(list).not.toContain(EARLY_CALLS_ELEMENT_ID);
    expect(list).not.toContain('early-calls-c1.js');
  });

  it("a signed-in screen comes drawn from the answers its cookie's token gets, for that account only", async () => {
    const authorization = await t.authorization(t.demoUserId);
    const cookie = `portal_session=${authorization.replace(/^Bearer /, '')}`;
    const response = await page('/views/my/myProject?drawn=1', { cookie });
    expect(response.body).toContain(
      `<div id="root"><p>drawn 3 signed in as ${t.demoUserId}</p></div>`,
    );
    // The island holds exactly what the calls answer that person, and names whose answers they are.
    const asked = async (endpoint: Endpoint, input: Record<string, unknown>) =>
      (await t.call(endpoint, input, { as: authorization })).body;
    expect(islandOf(response.body, FIRST_ANSWERS_ELEMENT_ID)).toEqual({
      'User/GetUser?': await asked(getUser, {}),
      'MessageNotice/GetList?PageIndex=1&PageSize=1': await asked(getMessageList, {
        PageIndex: 1,
        PageSize: 1,
      }),
      'User/GetUserProject?PageIndex=1&PageSize=10': await asked(getUserProject, {
        PageIndex: 1,
        PageSize: 10,
      }),
    });
    expect(response.body).toContain(
      `id="${FIRST_ANSWERS_ELEMENT_ID}" ${ANSWERED_FOR_ATTRIBUTE}="${t.demoUserId}"`,
    );
    // One person's page: no cache keeps it, and its calls are not sent again by the first script.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.body).not.toContain(EARLY_CALLS_ELEMENT_ID);

    // A token the services refuse: the page as for a visitor the server cannot see.
    const refused = await page('/views/my/myProject?drawn=1', {
      cookie: 'portal_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.x',
    });
    expect(refused.body).toContain('<div id="root"></div>');
    expect(refused.body).toContain(EARLY_CALLS_ELEMENT_ID);
    expect(refused.body).not.toContain(ANSWERED_FOR_ATTRIBUTE);
    expect(refused.headers['cache-control']).toBe('no-cache');
    // A public page is drawn for everyone alike, the cookie or not.
    const list = (await page('/views/home/project?drawn=1', { cookie })).body;
    expect(list).toContain('<div id="root"><p>drawn 2</p></div>');
    expect(list).not.toContain(ANSWERED_FOR_ATTRIBUTE);
  });

  it("the desktop workbench's follow-ups: each paid application's exam, asked after the applications", async () => {
    const authorization = await t.authorization(t.demoUserId);
    const cookie = `portal_session=${authorization.replace(/^Bearer /, '')}`;
    const response = await page('/views/my?drawn=1', { cookie, 'user-agent': DESKTOP });
    const island = islandOf(response.body, FIRST_ANSWERS_ELEMENT_ID)!;
    const applies = (
      await t.call(getUserProject, { PageIndex: 1, PageSize: MAX_PAGE_SIZE }, { as: authorization })
    ).body as { Data: { Items: ApplySummary[] } };
    const withExam = examCandidates(applies.Data.Items);
    expect(withExam.length).toBeGreaterThan(0);
    for (const { ApplyId } of withExam) {
      const exam = (await t.call(getExamine, { ApplyId }, { as: authorization })).body as {
        Data: { Title: string; ApplyId: number };
      };
      expect(island[`ProjectOnLineExamine/GetExamine?ApplyId=${ApplyId}`]).toMatchObject({
        Data: { Title: exam.Data.Title, ApplyId },
      });
    }
    // Past capacity once the first calls are answered: the page is drawn without its follow-ups
    // (an exam's state passes the waiting line, so the host holds them back itself).
    const firstCalls = SIGNED_IN_FIRST_CALLS.desktop['/views/my']!.length;
    const pastCapacity = t.app.pastCapacity;
    let asked = 0;
    t.app.pastCapacity = () => (++asked > firstCalls ? 'inFlight' : null);
    try {
      const busy = await page('/views/my?drawn=1', { cookie, 'user-agent': DESKTOP });
      const answered = Object.keys(islandOf(busy.body, FIRST_ANSWERS_ELEMENT_ID)!);
      expect(answered).toHaveLength(firstCalls);
      expect(answered.some((key) => key.startsWith('ProjectOnLineExamine/'))).toBe(false);
    } finally {
      t.app.pastCapacity = pastCapacity;
    }
    // Asked only where the page follows them: not on a phone, which lists no exams there.
    const phone = islandOf(
      (await page('/views/my?drawn=1', { cookie })).body,
      FIRST_ANSWERS_ELEMENT_ID,
    )!;
    expect(Object.keys(phone).some((key) => key.startsWith('ProjectOnLineExamine/'))).toBe(false);
  });

  it('长辈模式: the cookie puts data-elder on <html> and the drawing in elder mode; none without it', async () => {
    const elder = await page('/views/home/project?drawn=1', { cookie: 'a=b; portal_elder=1' });
    expect(elder.body).toMatch(/^<!doctype html><html data-elder><head>/);
    expect(elder.body).toContain('<div id="root"><p>drawn 2 for elders</p></div>');
    const plain = await page('/views/home/project?drawn=1', { cookie: 'portal_elder=0' });
    expect(plain.body).toMatch(/^<!doctype html><html><head>/);
    expect(plain.body).toContain('<div id="root"><p>drawn 2</p></div>');
    // A cache keeps the two apart.
    expect(String(elder.headers.vary)).toContain('Cookie');
    expect(elder.headers.etag).not.toBe(plain.headers.etag);
  });

  it("a desktop's first screen comes drawn too, antd's styles first in its head", async () => {
    const body = (await page('/views/home/project?drawn=1', { 'user-agent': DESKTOP })).body;
    // The desktop list's own first answers: the labels and its page of six.
    expect(body).toContain('<div id="root"><p>drawn 2</p></div>');
    const head = body.slice(0, body.indexOf('</head>'));
    const styles = head.indexOf('<style data-css-hash="h1">.ant-btn{color:blue}</style>');
    expect(styles).toBeGreaterThan(head.indexOf('<meta charset'));
    // Before the stylesheets, as antd puts its own: the layout's rules win at equal specificity.
    expect(styles).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    expect(body).toContain('<script type="module" crossorigin src="/assets/boot-b1.js"></script>');
    expect(body).not.toContain('src="/assets/index-e1.js"');
    expect(body).not.toContain('modulepreload');
    expect(islandOf(body, DEFERRED_SCRIPTS_ELEMENT_ID)).toEqual({
      entry: '/assets/index-e1.js',
      preload: ['/assets/runtime-r1.js', '/assets/start-s1.js', '/assets/desktop-app-d1.js'],
      run: ['/assets/runtime-r1.js', '/assets/start-s1.js', '/assets/desktop-app-d1.js'],
    });
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-e1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('export const big');
  });

  it('has a real favicon, not a redirect to the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image/);
  });

  it('serves RegionData apart, cacheable and revalidated by its ETag', async () => {
    const response = await t.app.inject({ method: 'GET', url: REGION_DATA_PATH });
    expect(response.statusCode).toBe(200);
    const regions = response.json<{ Code: string; Children?: unknown[] }[]>();
    expect(regions.length).toBeGreaterThan(30);
    expect(regions[0]!.Children?.length).toBeGreaterThan(0);
    const again = await t.app.inject({
      method: 'GET',
      url: REGION_DATA_PATH,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('compresses JSON answers for a browser that accepts it', async () => {
    const url = `/services/${getProjectList.service}${getProjectList.path}?PageIndex=1&PageSize=20`;
    const plain = await t.app.inject({ method: 'GET', url });
    const compressed = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(compressed.rawPayload).toString();
    expect(JSON.parse(body)).toMatchObject({ ErrCode: 0 });
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

describe('host: past capacity, pages go out for the browser to draw', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(webDir);
    t = await createTestApp({
      env: { WEB_DIST_DIR: webDir, SERVICES: [...SERVICE_IDS, 'web'].join(',') },
      // As many calls as the page's first ones (User/GetUser, the unread count, 我的项目).
      loadLimits: { maxInFlight: 3, maxEventLoopDelayMs: 0, retryAfterSeconds: 7 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("asks no first answers and draws nothing: the host's own calls wait in line like the browser's", async () => {
    const authorization = await t.authorization(t.demoUserId);
    const cookie = `portal_session=${authorization.replace(/^Bearer /, '')}`;
    const myProject = () =>
      t.app.inject({
        method: 'GET',
        url: '/views/my/myProject?drawn=1',
        headers: { 'user-agent': IPHONE, cookie },
      });
    const held = await Promise.all([1, 2, 3].map(() => callStillSending(port)));
    const busy = await myProject();
    expect(busy.statusCode).toBe(200);
    expect(busy.body).toContain('<div id="root"></div>');
    expect(busy.body).toContain(EARLY_CALLS_ELEMENT_ID);
    expect(busy.body).not.toContain(FIRST_ANSWERS_ELEMENT_ID);

    await Promise.all(held.map((call) => call.release()));
    // Once the server has seen them go (a moment after the sockets close), the page is drawn again.
    await expect
      .poll(async () => (await myProject()).body)
      .toContain(`signed in as ${t.demoUserId}`);
  });
});
