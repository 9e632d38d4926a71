import { ConfigProvider, reduceMotion, restoreMotion, Toast } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ReactNode, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import '../../shared/ui/mobile/mobile.css';
import {
  paths,
  useElderMode,
  useRouteHandle,
  useSessionStore,
  WaitingLineNotice,
} from '../../platform';
import { BackIcon, FindIcon, HomeIcon, MessageIcon, ProjectIcon, UserIcon } from './tab-icons';

interface Tab {
  path: string;
  /** The routes under this tab. */
  section: string;
  title: string;
  icon: ReactNode;
}

/**
 * The five tabs, as the desktop header has them: 首页 is the one home (home, with its labels and
 * running projects); 项目 is the project list the app opens on (§2 sends unknown paths there), so
 * the tab that is lit is always the page shown and every tab leads somewhere else.
 */
export const MOBILE_TABS: Tab[] = [
  { path: paths.home(), section: paths.home(), title: '首页', icon: <HomeIcon /> },
  {
    path: paths.projectList(),
    section: paths.projectList(),
    title: '项目',
    icon: <ProjectIcon />,
  },
  { path: paths.find(), section: paths.find(), title: '发现', icon: <FindIcon /> },
  { path: paths.notice(), section: paths.notice(), title: '消息', icon: <MessageIcon /> },
  { path: paths.my(), section: paths.my(), title: '我的', icon: <UserIcon /> },
];

/** The tab whose section holds the page, the most specific one (home/project is 项目, not 首页). */
export function tabOf(pathname: string): Tab | undefined {
  return MOBILE_TABS.filter(
    (t) => pathname === t.section || pathname.startsWith(`${t.section}/`),
  ).sort((a, b) => b.section.length - a.section.length)[0];
}

function historyIndex(): number {
  // Drawn on the server, a page is a document's first entry.
  if (typeof window === 'undefined') return 0;
  const state: unknown = window.history.state;
  const idx = state && typeof state === 'object' && 'idx' in state ? state.idx : 0;
  return typeof idx === 'number' ? idx : 0;
}

/** The badge's text: the unread count, capped so it fits the icon; nothing when all is read. */
export function unreadBadge(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 99 ? '99+' : String(count);
}

/** The mobile layout: a nav bar with the page title, the page, and the tab bar on tab pages. */
export function MobileShell() {
  const { title, tab } = useRouteHandle();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A page opened from a shared link (or reached by a redirect from sign-in) has no page of ours
  // behind it: back leads to the project list instead of leaving the site. The router numbers
  // its history entries (idx) from 0 in each document.
  const hasAppHistory = historyIndex() > 0;
  // The store carries the number (set by the notice feature), so the layout imports no feature.
  const unread = useSessionStore((s) => (s.token ? s.unreadNoticeCount : 0));
  const active = tabOf(pathname)?.path ?? null;
  const elder = useElderMode();
  useEffect(() => {
    // 长辈模式: antd-mobile's popups move by script (react-spring), out of CSS's reach; a toast
    // stays long enough to read.
    if (elder) reduceMotion();
    else restoreMotion();
    Toast.config({ duration: elder ? 5000 : 2000 });
  }, [elder]);

  return (
    <ConfigProvider locale={zhCN}>
      <div data-layout="mobile" className="mobile-shell">
        <WaitingLineNotice />
        <header className="mobile-shell__nav">
          {tab ? null : (
            <button
              type="button"
              className="mobile-shell__back"
              aria-label={hasAppHistory ? '返回' : '返回项目列表'}
              onClick={() => void (hasAppHistory ? navigate(-1) : navigate(paths.projectList()))}
            >
              <BackIcon />
            </button>
          )}
          <h1 className="mobile-shell__title">{title}</h1>
        </header>
        <main
          className={tab ? 'mobile-shell__body mobile-shell__body--tabbed' : 'mobile-shell__body'}
        >
          <Outlet />
        </main>
        {tab ? (
          // Links, not antd-mobile's TabBar of divs: a tap works on the server's drawing before the
          // app is live (the page loads anew), and a screen reader hears links with the current one.
          <nav aria-label="主导航" className="mobile-shell__tabs">
            {MOBILE_TABS.map((t) => {
              const badge = t.section === paths.notice() ? unreadBadge(unread) : undefined;
              const current = t.path === active;
              return (
                <Link
                  key={t.path}
                  to={t.path}
                  className={current ? 'mobile-tab mobile-tab--current' : 'mobile-tab'}
                  aria-current={current ? 'page' : undefined}
                  data-tab-path={t.path}
                >
                  <span className="mobile-tab__icon" aria-hidden="true">
                    {t.icon}
                    {badge ? <span className="mobile-tab__badge">{badge}</span> : null}
                  </span>
                  <span className="mobile-tab__title">
                    {t.title}
                    {badge ? <span className="visually-hidden">，{badge}条未读</span> : null}
                  </span>
                </Link>
              );
            })}
          </nav>
        ) : null}
      </div>
    </ConfigProvider>
  );
}
