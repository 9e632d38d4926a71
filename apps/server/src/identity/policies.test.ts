import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { consents, users } from '../db/schema/index.js';
import { POLICY_VERSIONS } from '../domain/privacy/consents.js';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../testing/demo-fixtures.js';
import { POLICIES_REQUIRED } from './interactions.js';
import {
  accessTokenOf,
  CookieBrowser,
  openInteraction,
  useIdentityTestServer,
} from './test-server.js';

const server = useIdentityTestServer();
const callback = () => `${server.baseUrl}/views/auth/callback`;

describe('a changed privacy policy', () => {
  it('is asked again at the next sign-in, which finishes only once it is accepted, and is recorded', async () => {
    const [demo] = await server.db
      .select({ userId: users.id })
      .from(users)
      .where(eq(users.mobile, DEMO_MOBILE));
    // The policy this person accepted is an older one.
    await server.db
      .update(consents)
      .set({ version: '2025-01-01' })
      .where(and(eq(consents.userId, demo!.userId), eq(consents.kind, 'privacy-policy')));

    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const signIn = await browser.follow(`${interactionUrl}/password`, callback(), {
      form: { mobile: DEMO_MOBILE, password: DEMO_PASSWORD },
    });
    expect(signIn.url).not.toContain('/views/auth/callback');
    const page = await signIn.response!.text();
    expect(page).toContain('<h1>协议和政策已更新</h1>');
    expect(page).toContain('我已阅读并同意更新后的《隐私政策》');
    expect(page).not.toContain('《用户协议》');

    const refused = await browser.request(`${interactionUrl}/policies`, { form: {} });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(POLICIES_REQUIRED);
    // Another browser, without this interaction's cookie, cannot finish it.
    expect(
      (await new CookieBrowser().request(`${interactionUrl}/policies`, { form: { agree: '1' } }))
        .status,
    ).toBe(400);

    const accepted = await browser.follow(`${interactionUrl}/policies`, callback(), {
      form: { agree: '1' },
    });
    expect(decodeJwt(accessTokenOf(accepted.url)!).sub).toBe(String(demo!.userId));
    const current = await server.db
      .select({ version: consents.version, address: consents.address })
      .from(consents)
      .where(
        and(
          eq(consents.userId, demo!.userId),
          eq(consents.kind, 'privacy-policy'),
          eq(consents.version, POLICY_VERSIONS['privacy-policy']),
        ),
      );
    expect(current).toEqual([{ version: POLICY_VERSIONS['privacy-policy'], address: '127.0.0.1' }]);

    // Accepted once: the next sign-in goes straight through.
    const again = new CookieBrowser();
    const { interactionUrl: next } = await openInteraction(server, again);
    const straight = await again.follow(`${next}/password`, callback(), {
      form: { mobile: DEMO_MOBILE, password: DEMO_PASSWORD },
    });
    expect(accessTokenOf(straight.url)).toBeTruthy();
  });
});
