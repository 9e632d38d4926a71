import { ROUTE_BASE } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_TITLE,
  oidcUserKey,
  type OidcUserRecord,
  paths,
  routePath,
  progress,
  useLayoutStore,
  useSessionStore,
} from '../platform';
import { loadTestRuntimeConfig } from '../platform/testing/runtime-config-fixture';
import { testJwt } from '../platform/testing/jwt-fixture';
import { DEFAULT_BACKGROUND, documentTitle, loginTargetFor } from './navigation-rules';
import { DESKTOP_ROUTES } from './routes/desktop-routes';
import { MOBILE_ROUTES } from './routes/mobile-routes';
import { PROFILE, settled, startApp, stubServices } from './testing/app-harness';

const config = loadTestRuntimeConfig();
const assign = vi.fn();

function signIn(expiresIn = 3600): OidcUserRecord {
  const now = Math.floor(Date.now() / 1000);
  const record: OidcUserRecord = {
    header: {},
    payload: { iat: now, exp: now + expiresIn },
    signature: 's',
    access_token: testJwt({ iat: now, exp: now + expiresIn }),
    token_type: 'Bearer',
    expires_at: now + expiresIn,
    difference_ntime: 0,
  };
  localStorage.setItem(oidcUserKey(config.WebSite.UserClient.ClientID), JSON.stringify(record));
  return record;
}

beforeEach(() => {
  loadTestRuntimeConfig();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.getState().resetSession();
  // The edge: leaving the app for the identity provider.
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  assign.mockReset();
});

describe('§2 unknown paths', () => {
  it.each([
    `${ROUTE_BASE}/no-such-page`,
    '/no-such-page',
    '/',
    ROUTE_BASE,
    `${ROUTE_BASE}/my/nothing/here`,
  ])('%s goes to /views/home/project', async (path) => {
    stubServices();
    const { router } = startApp(MOBILE_ROUTES, path);
    expect((await settled(router)).pathname).toBe(paths.projectList());
  });
});

describe('§2 login guard', () => {
  it('anonymous /views/my remembers loginBackNextPath and goes to the login route, which starts the sign-in', async () => {
    stubServices();
    const { router } = startApp(MOBILE_ROUTES, paths.my());
    expect((await settled(router)).pathname).toBe(paths.authLogin());
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.my());
    const authorize = new URL(String(assign.mock.calls[0]?.[0]));
    expect(authorize.pathname).toBe('/identity/connect/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('portal-web');
  });

  it('desktop: anonymous /views/my/myOrder?tab=2 remembers the path with its query', async () => {
    stubServices();
    const { router } = startApp(DESKTOP_ROUTES, paths.myOrder({ tab: '2' }));
    expect((await settled(router)).pathname).toBe(paths.authLogin());
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.myOrder({ tab: '2' }));
  });

  it('flow-preview mode uses /views/flowPreview/login as its login target', () => {
    expect(loginTargetFor(paths.flowPreview())).toBe(paths.flowPreviewLogin());
    expect(loginTargetFor(paths.my())).toBe(paths.authLogin());
  });

  it('signed in with empty user data loads the profile into the session', async () => {
    const { calls } = stubServices();
    const record = signIn();
    const { router } = startApp(MOBILE_ROUTES, paths.my());
    expect((await settled(router)).pathname).toBe(paths.my());
    expect(calls('/User/GetUser')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({
      token: record.access_token,
      name: PROFILE.Name,
      avatar: PROFILE.HeadPortrait,
    });
    await router.navigate(paths.myOrder());
    expect(calls('/User/GetUser')).toHaveLength(1);
  });

  it('asks for the profile beside the page config, not after its answer', async () => {
    const { calls, fetchMock } = stubServices();
    const answer = fetchMock.getMockImplementation()!;
    let answerPageConfig: () => void = () => undefined;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/PageConfig/GetPageConfig'))
        await new Promise<void>((resolve) => (answerPageConfig = resolve));
      return answer(input, init);
    });
    signIn();
    const { router } = startApp(MOBILE_ROUTES, paths.my());
    await vi.waitFor(() => expect(calls('/User/GetUser')).toHaveLength(1));
    expect(calls('/PageConfig/GetPageConfig')).toHaveLength(1);
    answerPageConfig();
    expect((await settled(router)).pathname).toBe(paths.my());
    expect(calls('/User/GetUser')).toHaveLength(1);
  });

  it('§2 my/myAccount has no login check', async () => {
    stubServices();
    const { router } = startApp(MOBILE_ROUTES, paths.myAccount());
    expect((await settled(router)).pathname).toBe(paths.myAccount());
  });

  it('other routes only refresh the sign-in state', async () => {
    const { calls } = stubServices();
    useSessionStore.getState().setToken('stale');
    signIn(-10);
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    expect((await settled(router)).pathname).toBe(paths.find());
    expect(useSessionStore.getState().token).toBe('');
    expect(calls('/User/GetUser')).toHaveLength(0);
    const record = signIn();
    await router.navigate(paths.notice());
    expect(useSessionStore.getState().token).toBe(record.access_token);
  });

  it.each([paths.authLogin(), paths.authLoginout(), paths.authCallback()])(
    '%s passes without checks',
    async (path) => {
      const { fetchMock } = stubServices();
      useSessionStore.getState().setToken('kept');
      const { router } = startApp(MOBILE_ROUTES, path);
      expect((await settled(router)).pathname).toBe(path);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(useSessionStore.getState().token).toBe('kept');
    },
  );
});

describe('§2 page config on the first navigation', () => {
  it('is fetched once, with Domain = location.host', async () => {
    const { calls } = stubServices();
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    await router.navigate(paths.notice());
    await router.navigate(paths.projectList());
    const fetched = calls('/PageConfig/GetPageConfig');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.searchParams.get('Domain')).toBe(window.location.host);
  });

  it('§6 carries the Authorization header when a stored sign-in exists (first navigation)', async () => {
    const { fetchMock } = stubServices();
    const record = signIn();
    const { router } = startApp(MOBILE_ROUTES, paths.projectList());
    await settled(router);
    const pageConfigCall = fetchMock.mock.calls.find(([u]) =>
      String(u).includes('/PageConfig/GetPageConfig'),
    );
    expect(new Headers(pageConfigCall?.[1]?.headers).get('Authorization')).toBe(
      `Bearer ${record.access_token}`,
    );
  });

  it('IsNotFound sends the browser to the configured ClientDomain', async () => {
    stubServices({ IsNotFound: true });
    const { router, goExternal } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    expect(goExternal).toHaveBeenCalledWith(config.WebSite.UserClient.ClientDomain);
  });
});

describe('§2 page config carried by the host page', () => {
  const carried = (IsNotFound: boolean) => () => ({
    IsNotFound,
    TenantId: IsNotFound ? null : 1,
    TenantName: '演示',
    LogoUrl: '',
    ServicePhone: '',
  });

  it('the first screen does not wait for GetPageConfig, which is still made once', async () => {
    const { calls, fetchMock } = stubServices();
    // GetPageConfig never answers: the first screen must come anyway.
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    const { router, goExternal } = startApp(MOBILE_ROUTES, paths.find(), undefined, carried(false));
    const location = await settled(router);
    expect(location.pathname).toBe(paths.find());
    await router.navigate(paths.notice());
    expect(calls('/PageConfig/GetPageConfig')).toHaveLength(1);
    expect(goExternal).not.toHaveBeenCalled();
  });

  it('a carried IsNotFound leaves at once for the ClientDomain', async () => {
    const { calls } = stubServices();
    const { router, goExternal } = startApp(MOBILE_ROUTES, paths.find(), undefined, carried(true));
    await settled(router);
    expect(goExternal).toHaveBeenCalledWith(config.WebSite.UserClient.ClientDomain);
    expect(calls('/PageConfig/GetPageConfig')).toHaveLength(0);
  });

  it("the call's IsNotFound still leaves when the carried copy said found", async () => {
    stubServices({ IsNotFound: true });
    const { router, goExternal } = startApp(MOBILE_ROUTES, paths.find(), undefined, carried(false));
    await settled(router);
    await vi.waitFor(() =>
      expect(goExternal).toHaveBeenCalledWith(config.WebSite.UserClient.ClientDomain),
    );
  });
});

describe('§2 after each navigation', () => {
  it('title = route title + app title', async () => {
    stubServices();
    expect(APP_TITLE).toBe('安全高效智能一体化SaaS平台用户端');
    expect(documentTitle('发现')).toBe('发现-安全高效智能一体化SaaS平台用户端');
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    expect(document.title).toBe('发现-安全高效智能一体化SaaS平台用户端');
    await router.navigate(routePath('noticeDetail'));
    expect(document.title).toBe('消息详情-安全高效智能一体化SaaS平台用户端');
  });

  it('background comes from the route: #F7F8FA by default, white for some', async () => {
    stubServices();
    expect(DEFAULT_BACKGROUND).toBe('#F7F8FA');
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    expect(['#F7F8FA', 'rgb(247, 248, 250)', '#f7f8fa']).toContain(
      document.body.style.backgroundColor,
    );
    await router.navigate(paths.homeRichText());
    expect(['#FFFFFF', 'rgb(255, 255, 255)', '#ffffff']).toContain(
      document.body.style.backgroundColor,
    );
  });

  it('scrolls to the top', async () => {
    stubServices();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    scrollTo.mockClear();
    await router.navigate(paths.notice());
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('a progress bar without spinner runs during each navigation', async () => {
    stubServices();
    expect(progress.isShowingSpinner()).toBe(false);
    const start = vi.spyOn(progress, 'start');
    const done = vi.spyOn(progress, 'done');
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    start.mockClear();
    done.mockClear();
    await router.navigate(paths.notice());
    expect(start).toHaveBeenCalled();
    expect(done).toHaveBeenCalled();
  });

  it('the share link is refreshed with the current address; the view is recorded', async () => {
    stubServices();
    const { router } = startApp(MOBILE_ROUTES, paths.find());
    await settled(router);
    await router.navigate(paths.noticeDetail({ NoticeId: 3 }));
    expect(useLayoutStore.getState().shareLink).toBe(
      `${window.location.origin}${paths.noticeDetail({ NoticeId: 3 })}`,
    );
    expect(useLayoutStore.getState().visitedViews).toContainEqual({
      path: routePath('noticeDetail'),
      title: '消息详情',
    });
  });
});
