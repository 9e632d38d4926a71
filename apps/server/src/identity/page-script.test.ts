import fs from 'node:fs';
import { parse } from 'acorn';
import { MOBILE_PATTERN } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_MOBILE } from '../testing/demo-fixtures.js';
import { PAGE_SCRIPT_FILE } from './page-script.js';
import { CookieBrowser, openInteraction, useIdentityTestServer } from './test-server.js';

const server = useIdentityTestServer();

/** The script the SMS tab of a new sign-in names, and the page's CSP. */
async function scriptOfSmsTab() {
  const browser = new CookieBrowser();
  const { interactionUrl } = await openInteraction(server, browser);
  const response = await browser.request(`${interactionUrl}?tab=sms`);
  const page = await response.text();
  const tag = /<script src="([^"]+)" nonce="([^"]+)" data-interaction="([^"]+)"><\/script>/.exec(
    page,
  );
  return { tag, csp: response.headers.get('content-security-policy'), interactionUrl };
}

describe('the sign-in pages’ script', () => {
  const built = () => fs.readFileSync(PAGE_SCRIPT_FILE, 'utf8');

  it('is built, with the contract’s mobile pattern in it', () => {
    expect(built()).toContain(MOBILE_PATTERN.source);
  });

  it('is ES2017 (iOS 14 Safari runs it): no newer syntax', () => {
    expect(() => parse(built(), { ecmaVersion: 2017, sourceType: 'script' })).not.toThrow();
  });

  it('is named by the page with the nonce its CSP allows and the interaction it works for', async () => {
    const { tag, csp, interactionUrl } = await scriptOfSmsTab();
    expect(tag).not.toBeNull();
    const [, src, nonce, interaction] = tag!;
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(`${server.baseUrl}${interaction}`).toBe(interactionUrl);
    expect(src).toMatch(/^\/identity\/assets\/sign-in-page\.[\w-]{12}\.js$/);
  });

  it('is served as JavaScript, kept a year under an address named by its content', async () => {
    const { tag } = await scriptOfSmsTab();
    const response = await fetch(`${server.baseUrl}${tag![1]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(built());
    const other = await fetch(`${server.baseUrl}/identity/assets/sign-in-page.AAAAAAAAAAAA.js`);
    expect(other.status).toBe(404);
  });

  it('is not on the password tab, which needs no script until a human check is asked', async () => {
    const browser = new CookieBrowser();
    const { page } = await openInteraction(server, browser);
    expect(page).toContain(`name="mobile"`);
    expect(page).not.toContain('<script');
    expect(DEMO_MOBILE).toMatch(MOBILE_PATTERN);
  });
});
