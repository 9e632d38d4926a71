import { renderPage } from './layout.js';
import type { InteractionPage } from './sign-in.js';
import { CLOSING_CANCELLED } from '../../domain/accounts/closing.js';

/**
 * Signed in to an account in its cooling-off: the sign-in cancelled the closing, and the owner is
 * told so before going on (the sign-in finishes with the button).
 */
export function renderClosingCancelledPage(input: InteractionPage): string {
  return renderPage({
    title: CLOSING_CANCELLED,
    brand: input.brand,
    elder: input.elder,
    children: (
      <>
        <h1>{CLOSING_CANCELLED}</h1>
        <div className="card">
          <p>
            您在注销冷静期内重新登录，账号已恢复正常，个人信息不会被删除。原绑定的微信已解除，如需使用请在“我的账号”中重新绑定。
          </p>
          <p>如仍要注销，可以在“我的账号”中重新申请注销。</p>
          <form method="post" action={`${input.action}/closing-cancelled`} noValidate>
            <button type="submit" autoFocus>
              继续登录
            </button>
          </form>
        </div>
      </>
    ),
  });
}
