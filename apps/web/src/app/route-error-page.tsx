import { FALLBACK_ROUTE } from '@portal/contracts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatusPage } from '../shared/ui/status-page';

/** The per-route error boundary: the shell stays, the page says what broke. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '未知错误';
  return (
    <StatusPage
      tone="error"
      heading="页面出错了"
      detail={<p className="status-page__code">{detail}</p>}
      actions={
        <>
          <button
            type="button"
            className="status-page__button"
            onClick={() => window.location.reload()}
          >
            重新加载
          </button>
          <Link className="status-page__link" to={FALLBACK_ROUTE}>
            返回首页
          </Link>
        </>
      }
    />
  );
}
