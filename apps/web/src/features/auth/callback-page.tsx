import { FALLBACK_ROUTE } from '@portal/contracts';
import { Link, redirect, useLoaderData } from 'react-router';
import { paths, refreshSignIn, runtimeConfig, signinCallback, takeNextPath } from '../../platform';
import { StatusPage } from '../../shared/ui/status-page';

/** §4: reads the token from the URL fragment, stores it, and goes on to the remembered path. */
export function loader() {
  const fragment = window.location.hash;
  // Beyond §4: the token leaves the address bar (and the history entry) at once.
  window.history.replaceState(window.history.state, '', window.location.pathname);
  try {
    signinCallback(runtimeConfig(), fragment);
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
  refreshSignIn();
  return redirect(takeNextPath());
}

export default function CallbackPage() {
  const { failure } = useLoaderData<{ failure: string }>();
  return (
    <StatusPage
      tone="error"
      heading="登录失败"
      detail={
        <>
          <p>未能完成登录，请重新登录。</p>
          <p className="status-page__code">原因：{failure}</p>
        </>
      }
      actions={
        <>
          <Link className="status-page__button" to={paths.authLogin()} replace>
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
