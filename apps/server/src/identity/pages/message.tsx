import { renderPage } from './layout.js';

export interface MessagePageInput {
  brand: string;
  title: string;
  message: string;
  link?: { href: string; text: string } | undefined;
}

/** A page that says one thing (an error, an expired sign-in, signed out), with a way on. */
export function renderMessagePage(input: MessagePageInput): string {
  return renderPage({
    title: input.title,
    brand: input.brand,
    children: (
      <>
        <h1>{input.title}</h1>
        <div className="card">
          <p>{input.message}</p>
          {input.link && (
            <p className="links">
              <a href={input.link.href}>{input.link.text}</a>
            </p>
          )}
        </div>
      </>
    ),
  });
}

/**
 * The provider's sign-out question. `providerForm` is oidc-provider's own hidden form (its
 * address and xsrf field), inserted as the provider wrote it; the buttons submit it.
 */
export function renderLogoutPage(input: { brand: string; providerForm: string }): string {
  return renderPage({
    title: '退出登录',
    brand: input.brand,
    children: (
      <>
        <h1>退出登录</h1>
        <div className="card">
          <p>确定要退出登录吗？</p>
          <div dangerouslySetInnerHTML={{ __html: input.providerForm }} />
          <button type="submit" form="op.logoutForm" name="logout" value="yes" autoFocus>
            退出登录
          </button>
          <p className="links">
            <button type="submit" form="op.logoutForm" className="secondary">
              暂不退出
            </button>
          </p>
        </div>
      </>
    ),
  });
}
