import { FALLBACK_ROUTE } from '@portal/contracts';
import { Link } from 'react-router';
import { paths, rememberNextPath } from '../../platform';
import { StatusPage } from '../../shared/ui/status-page';

/**
 * §4: the sign-out callback resolves with no further action. Signing in again is offered (after
 * a password change the candidate is told to), back to the personal centre.
 */
export default function LoginoutPage() {
  return (
    <StatusPage
      heading="已退出登录"
      detail="您已安全退出。"
      actions={
        <>
          <Link
            className="status-page__button"
            to={paths.authLogin()}
            replace
            onClick={() => rememberNextPath(paths.my())}
          >
            重新登录
          </Link>
          <Link className="status-page__link" to={FALLBACK_ROUTE} replace>
            返回首页
          </Link>
        </>
      }
    />
  );
}
