import { ConfigProvider, TabBar } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useRouteHandle } from '../../platform';
import { BackIcon, FindIcon, HomeIcon, MessageIcon, UserIcon } from './tab-icons';

interface Tab {
  path: string;
  /** The routes under this tab. */
  section: string;
  title: string;
  icon: ReactNode;
}

/** The four tabs: 首页/发现/消息/我的. */
export const MOBILE_TABS: Tab[] = [
  { path: '/views/home/project', section: '/views/home', title: '首页', icon: <HomeIcon /> },
  { path: '/views/find', section: '/views/find', title: '发现', icon: <FindIcon /> },
  { path: '/views/notice', section: '/views/notice', title: '消息', icon: <MessageIcon /> },
  { path: '/views/my', section: '/views/my', title: '我的', icon: <UserIcon /> },
];

function tabOf(pathname: string): Tab | undefined {
  return MOBILE_TABS.find((t) => pathname === t.section || pathname.startsWith(`${t.section}/`));
}

/** The mobile layout: a nav bar with the page title, the page, and the tab bar on tab pages. */
export function MobileShell() {
  const { title, tab } = useRouteHandle();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canGoBack = !tab && window.history.length > 1;

  return (
    <ConfigProvider locale={zhCN}>
      <div data-layout="mobile" className="mobile-shell">
        <header className="mobile-shell__nav">
          {canGoBack ? (
            <button
              type="button"
              className="mobile-shell__back"
              aria-label="返回"
              onClick={() => void navigate(-1)}
            >
              <BackIcon />
            </button>
          ) : null}
          <h1 className="mobile-shell__title">{title}</h1>
        </header>
        <main
          className={tab ? 'mobile-shell__body mobile-shell__body--tabbed' : 'mobile-shell__body'}
        >
          <Outlet />
        </main>
        {tab ? (
          <TabBar
            className="mobile-shell__tabs"
            activeKey={tabOf(pathname)?.path ?? null}
            onChange={(path) => void navigate(path)}
          >
            {MOBILE_TABS.map((t) => (
              <TabBar.Item key={t.path} icon={t.icon} title={t.title} />
            ))}
          </TabBar>
        ) : null}
      </div>
    </ConfigProvider>
  );
}
