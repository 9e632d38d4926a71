import { describe, expect, it } from 'vitest';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../testing/demo-fixtures.js';
import {
  CookieBrowser,
  openInteraction,
  spaAuthorizeUrl,
  useIdentityTestServer,
} from './test-server.js';

const server = useIdentityTestServer({ CLIENT_DOMAIN: 'https://m.portal.example' });

const home = () => `${server.baseUrl}/views/home/project`;

async function signedInBrowser(): Promise<CookieBrowser> {
  const browser = new CookieBrowser();
  const { interactionUrl } = await openInteraction(server, browser);
  const result = await browser.follow(`${interactionUrl}/password`, `${server.baseUrl}/views/`, {
    form: { mobile: DEMO_MOBILE, password: DEMO_PASSWORD },
  });
  expect(result.url).toContain('access_token=');
  return browser;
}

/** Where a new authorization lands: the callback (session alive) or the sign-in page. */
async function authorizeLandsOn(browser: CookieBrowser): Promise<'callback' | 'sign-in'> {
  const { url } = await browser.follow(spaAuthorizeUrl(server).url, `${server.baseUrl}/views/`);
  return url.includes('/views/auth/callback') ? 'callback' : 'sign-in';
}

const outLogin = (returnUrl?: string) =>
  `${server.issuer}/Auth/OutLogin${returnUrl === undefined ? '' : `?ReturnUrl=${encodeURIComponent(returnUrl)}`}`;

describe('Auth/OutLogin', () => {
  it('ends the provider session and returns to the registered loginout address', async () => {
    const browser = await signedInBrowser();
    expect(await authorizeLandsOn(browser)).toBe('callback');
    const returnUrl = `${server.baseUrl}/views/auth/loginout`;
    const response = await browser.request(outLogin(returnUrl));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(returnUrl);
    expect(await authorizeLandsOn(browser)).toBe('sign-in');
  });

  it('returns to an address on the client domain', async () => {
    const response = await new CookieBrowser().request(
      outLogin('https://m.portal.example/views/auth/loginout?x=1'),
    );
    expect(response.headers.get('location')).toBe(
      'https://m.portal.example/views/auth/loginout?x=1',
    );
  });

  it.each([
    'https://evil.example/views/auth/loginout',
    '//evil.example/steal',
    '/\\evil.example/steal',
    'javascript:alert(1)',
    `https://user@evil.example`,
    `${'https://m.portal.example'}.evil.example/`,
  ])('refuses the unregistered return address %s and goes home instead', async (returnUrl) => {
    const browser = await signedInBrowser();
    const response = await browser.request(outLogin(returnUrl));
    expect(response.headers.get('location')).toBe(home());
    expect(await authorizeLandsOn(browser)).toBe('sign-in');
  });

  it('goes home when no return address is given', async () => {
    const response = await new CookieBrowser().request(outLogin());
    expect(response.headers.get('location')).toBe(home());
  });

  it('accepts a relative path on this deployment', async () => {
    const response = await new CookieBrowser().request(outLogin('/views/auth/loginout'));
    expect(response.headers.get('location')).toBe(`${server.baseUrl}/views/auth/loginout`);
  });
});

describe('the provider keeps its sessions in the database', () => {
  it('still knows a signed-in browser after a restart', async () => {
    const browser = await signedInBrowser();
    await server.restart();
    expect(await authorizeLandsOn(browser)).toBe('callback');
  });
});
