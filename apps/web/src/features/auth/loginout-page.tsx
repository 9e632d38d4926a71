import { FALLBACK_ROUTE } from '@portal/contracts';
import { Link } from 'react-router';
import { StatusPage } from '../../shared/ui/status-page';

/** §4: the sign-out callback resolves with no further action. */
export default function LoginoutPage() {
  return (
    <StatusPage
      heading="已退出登录"
      detail="您已安全退出。"
      actions={
        <Link className="status-page__button" to={FALLBACK_ROUTE} replace>
          返回首页
        </Link>
      }
    />
  );
}
