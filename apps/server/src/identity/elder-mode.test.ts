import { describe, expect, it } from 'vitest';
import { CookieBrowser, openInteraction, useIdentityTestServer } from './test-server.js';

const server = useIdentityTestServer();

const switchOf = (page: string) =>
  /<button class="elder-switch" role="switch" aria-checked="(true|false)"/.exec(page)?.[1];

describe('长辈模式 on the sign-in pages', () => {
  it('the switch turns it on for the device (cookie) and the page comes back in it', async () => {
    const browser = new CookieBrowser();
    const { interactionUrl, page } = await openInteraction(server, browser);
    expect(switchOf(page)).toBe('false');
    expect(page).toMatch(/<html lang="zh-CN">/);

    const back = `${new URL(interactionUrl).pathname}/signup`;
    const on = await browser.request(`${interactionUrl}/elder-mode`, {
      form: { on: '1', back },
    });
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe(back);
    expect(on.headers.get('set-cookie')).toMatch(
      /^portal_elder=1; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
    const signUp = await (await browser.request(`${server.baseUrl}${back}`)).text();
    expect(signUp).toMatch(/<html lang="zh-CN" data-elder="">/);
    expect(switchOf(signUp)).toBe('true');

    const off = await browser.request(`${interactionUrl}/elder-mode`, { form: { on: '0', back } });
    expect(off.headers.get('set-cookie')).toMatch(/^portal_elder=; Path=\/; Max-Age=0/);
    expect(switchOf(await (await browser.request(`${server.baseUrl}${back}`)).text())).toBe(
      'false',
    );
  });

  it('goes back only to a page of the same interaction', async () => {
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const response = await browser.request(`${interactionUrl}/elder-mode`, {
      form: { on: '1', back: 'https://elsewhere.example/phish' },
    });
    expect(response.headers.get('location')).toBe(new URL(interactionUrl).pathname);
  });
});
