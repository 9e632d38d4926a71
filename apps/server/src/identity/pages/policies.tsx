import { POLICIES_REQUIRED } from '../consent-messages.js';
import { ConsentBox, FormError, renderPage } from './layout.js';
import type { InteractionPage } from './sign-in.js';

const TITLES = { user: '《用户协议》', privacy: '《隐私政策》' } as const;

/**
 * Signed in, but a text accepted before has changed: read it and accept it to go on (the sign-in
 * finishes only then), or leave without signing in. Never "continued use means consent".
 */
export function renderPoliciesPage(
  input: InteractionPage & {
    kinds: ('user' | 'privacy')[];
    termsUrls: { user: string; privacy: string };
  },
): string {
  const names = input.kinds.map((kind) => TITLES[kind]).join('和');
  const agreeError = input.errorField === 'agree';
  return renderPage({
    title: '协议和政策已更新',
    brand: input.brand,
    elder: input.elder,
    children: (
      <>
        <h1>协议和政策已更新</h1>
        <div className="card">
          <p>
            我们更新了{names}
            ，请阅读更新后的内容；同意后继续登录。不同意的，可以不登录离开，已提交的报名不受影响。
          </p>
          <ul>
            {input.kinds.map((kind) => (
              <li key={kind}>
                <a href={input.termsUrls[kind]} target="_blank" rel="noopener">
                  阅读{TITLES[kind]}
                </a>
              </li>
            ))}
          </ul>
          <form method="post" action={`${input.action}/policies`} noValidate>
            <FormError error={input.error} />
            <ConsentBox refused={agreeError} uncheckedMessage={POLICIES_REQUIRED}>
              我已阅读并同意更新后的{names}
            </ConsentBox>
            <button type="submit">同意并继续</button>
          </form>
          <p className="links">
            <a href={input.homeUrl}>不同意，暂不登录</a>
          </p>
        </div>
      </>
    ),
  });
}
