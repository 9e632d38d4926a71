import { FALLBACK_ROUTE } from '@portal/contracts';
import { Link } from 'react-router';
import { StatusPage } from '../../shared/ui/status-page';

/** §8: where a 429 lands. */
export default function FrequentlyPage() {
  return (
    <StatusPage
      tone="error"
      heading="访问过于频繁"
      detail="您的操作太频繁了，请稍等片刻再试。"
      actions={
        <Link className="status-page__button" to={FALLBACK_ROUTE} replace>
          返回首页
        </Link>
      }
    />
  );
}
