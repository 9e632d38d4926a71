import type { Page } from 'playwright-core';

export const DEMO_MOBILE = '13800138000';
export const DEMO_PASSWORD = 'Demo@123456';

/** On the identity provider's sign-in page: the password tab, then back to the portal. */
export async function signInAtProvider(
  page: Page,
  mobile = DEMO_MOBILE,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.waitForURL('**/identity/interaction/**');
  await page.fill('#mobile', mobile);
  await page.fill('#password', password);
  // The password form's own button (inside WeChat 微信登录 comes first on the page).
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The demo candidate as the application form holds them: the name, a wrong and a right ID number. */
export const DEMO_NAME = '李明';
export const BAD_ID_NUMBER = '110105199003072814';
export const GOOD_ID_NUMBER = '110105199003072813';
/** The box of the application form's separate consent for sensitive information, as a person reads it. */
export const SENSITIVE_CONSENT_LABEL = '我已阅读并同意按上述规则处理我的敏感个人信息';
