import { runtimeConfig, signinRedirect } from '../../platform';
import { StatusPage } from '../../shared/ui/status-page';

/** §4: the login route starts the sign-in at the identity provider. */
export function loader() {
  signinRedirect(runtimeConfig());
  return null;
}

export default function LoginPage() {
  return <StatusPage heading="正在前往登录页…" detail="如果页面没有自动跳转，请刷新后重试。" />;
}
