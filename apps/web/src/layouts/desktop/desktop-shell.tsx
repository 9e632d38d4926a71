import './desktop-shell.css';
import {
  Avatar,
  Badge,
  Button,
  ConfigProvider,
  Layout,
  Menu,
  type MenuProps,
  type ThemeConfig,
} from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import {
  APP_TITLE,
  isWithin,
  paths,
  type RouteName,
  sendToSignIn,
  signOut,
  useLayoutStore,
  useRouteHandle,
  useSessionStore,
  useElderMode,
  useUploadSrc,
  WaitingLineNotice,
} from '../../platform';
import { Breadcrumbs } from './breadcrumbs';

// antd's pickers name months and weekdays through dayjs: 「3月」 and 「一 二 三」, not Mar and Su Mo.
dayjs.locale('zh-cn');

/** The header's main sections; each is active on its route and the routes under it. */
export const DESKTOP_SECTIONS: { title: string; to: string; section: RouteName }[] = [
  { title: '首页', to: paths.home(), section: 'home' },
  { title: '项目', to: paths.projectList(), section: 'projectList' },
  { title: '发现', to: paths.find(), section: 'find' },
  { title: '消息', to: paths.notice(), section: 'notice' },
];

const PERSONAL_PAGES = [
  { to: paths.my(), title: '个人中心' },
  { to: paths.myProject(), title: '我的项目' },
  { to: paths.myRunProject(), title: '进行中' },
  { to: paths.myFlow(), title: '我的流程' },
  { to: paths.myOrder(), title: '我的订单' },
  { to: paths.myLike(), title: '我的收藏' },
  { to: paths.myAccount(), title: '账号设置' },
];

/**
 * The personal centre's left menu (§2: my and its children); open or folded per cookie
 * sidebarStatus (§3). Each item is a link, so it works on a server-drawn page before the app has
 * hydrated it; the keyboard moves through the items as the menu's (the links are not tab stops).
 */
export const DESKTOP_MENU: NonNullable<MenuProps['items']> = PERSONAL_PAGES.map(
  ({ to, title }) => ({
    key: to,
    label: (
      <Link to={to} tabIndex={-1}>
        {title}
      </Link>
    ),
  }),
);

const FOOTER_LINKS = [
  { title: '全部项目', to: paths.projectList() },
  { title: '外部项目', to: paths.externalProject() },
  { title: '解决方案', to: paths.commonTabPanel() },
  { title: '机构合作', to: paths.saas() },
];

/**
 * No click wave: antd draws it in a React root of its own on every click of a button, radio or
 * checkbox and animates it, which made a click on an exam option the slowest interaction of the
 * desktop (INP, issue 31 point 5); the focus ring and the checked state still show the click.
 */
const NO_WAVE = { disabled: true };

const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // Hovered primary buttons keep white text at 4.5:1 (antd's derived hover is lighter).
    colorPrimaryHover: '#1d4ed8',
    // Links in antd's reset (a table's project name) at 4.5:1 too; its default #1677ff is 3.9:1.
    colorLink: '#0958d9',
    colorError: '#cf1322',
    // WCAG AA (4.5:1 on white) for placeholders, hints and secondary text.
    colorTextPlaceholder: '#6b7785',
    colorTextDescription: '#4e5969',
    colorTextTertiary: '#6b7785',
  },
};

/** 长辈模式 (issue 29): 18 px text, large controls, 7:1 text, no motion (app/elder.css does the rest). */
const ELDER_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#003a9e',
    colorPrimaryHover: '#00307f',
    colorError: '#9a0f16',
    colorText: '#15181d',
    colorTextSecondary: '#424a55',
    colorTextPlaceholder: '#424a55',
    colorTextDescription: '#424a55',
    colorTextTertiary: '#424a55',
    colorLink: '#003a9e',
    fontSize: 18,
    fontSizeSM: 18,
    lineHeight: 1.6,
    controlHeight: 48,
    controlHeightSM: 40,
    controlHeightLG: 60,
    motion: false,
  },
  components: {
    // The derived selected colours of a dark primary are a grey-blue; a light one reads better.
    Menu: { itemSelectedBg: '#e6efff', itemSelectedColor: '#003a9e' },
  },
};

/** "Home" is active only on itself: the project list lives under home/ but is its own section. */
function isActive(pathname: string, section: RouteName): boolean {
  if (section === 'home') return pathname === paths.home();
  return isWithin(pathname, section);
}

function MainNav() {
  const { pathname } = useLocation();
  // The store carries the number (set by the notice feature), so the layout imports no feature.
  const unread = useSessionStore((s) => (s.token ? s.unreadNoticeCount : 0));
  return (
    <nav aria-label="主导航" className="desktop-shell__nav">
      <ul className="desktop-shell__sections">
        {DESKTOP_SECTIONS.map((s) => {
          const active = isActive(pathname, s.section);
          const count = s.section === 'notice' ? unread : 0;
          return (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={false}
                className={active ? 'desktop-shell__section is-active' : 'desktop-shell__section'}
                aria-current={active ? 'page' : undefined}
              >
                {s.title}
                {count > 0 ? (
                  <span aria-hidden="true" className="desktop-shell__badge">
                    <Badge count={count} size="small" />
                  </span>
                ) : null}
                {count > 0 ? <span className="visually-hidden">，{count}条未读</span> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Account() {
  const token = useSessionStore((s) => s.token);
  const name = useSessionStore((s) => s.name);
  const avatar = useUploadSrc(useSessionStore((s) => s.avatar));
  const { pathname } = useLocation();
  // The flow preview is the reviewer's (signed in on its own page, left by its 退出预览): a
  // candidate's 登录 or name there would mix the two sign-ins.
  if (isWithin(pathname, 'flowPreview'))
    return <div className="desktop-shell__account desktop-shell__preview-mode">审核员预览</div>;
  if (!token) {
    return (
      <div className="desktop-shell__account">
        <Button type="primary" autoInsertSpace={false} onClick={() => sendToSignIn()}>
          登录
        </Button>
      </div>
    );
  }
  const shown = name || '个人中心';
  return (
    <div className="desktop-shell__account">
      <Link
        to={paths.my()}
        className={isWithin(pathname, 'my') ? 'desktop-shell__me is-active' : 'desktop-shell__me'}
        aria-current={pathname === paths.my() ? 'page' : undefined}
      >
        <span aria-hidden="true">
          <Avatar size={32} src={avatar || undefined} alt="">
            {shown.slice(0, 1)}
          </Avatar>
        </span>
        <span className="desktop-shell__name">{shown}</span>
        <span className="visually-hidden">（个人中心）</span>
      </Link>
      <Button type="text" autoInsertSpace={false} onClick={() => signOut()}>
        退出
      </Button>
    </div>
  );
}

/** The personal centre's left menu, only inside my/ (§2); folded or open as the cookie says. */
function PersonalMenu() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sidebarOpened = useLayoutStore((s) => s.sidebarOpened);
  const setSidebarOpened = useLayoutStore((s) => s.setSidebarOpened);
  if (!isWithin(pathname, 'my')) return null;
  return (
    <Layout.Sider
      className="desktop-shell__sider"
      theme="light"
      width={200}
      collapsedWidth={64}
      collapsible
      collapsed={!sidebarOpened}
      onCollapse={(collapsed) => setSidebarOpened(!collapsed)}
    >
      <nav aria-label="个人中心">
        <Menu
          mode="inline"
          className="desktop-shell__menu"
          selectedKeys={[pathname]}
          items={DESKTOP_MENU}
          // A click on the link is the link's; Enter on an item (the keyboard's) navigates here.
          onClick={({ key, domEvent }) => {
            if (!(domEvent.target as Element).closest('a')) void navigate(key);
          }}
        />
      </nav>
    </Layout.Sider>
  );
}

/**
 * The desktop layout: a skip link, the header (platform name, main sections, the person or 登录),
 * breadcrumbs and the page title, the page at most 1200 px wide, and a footer.
 */
export function DesktopShell() {
  const { title } = useRouteHandle();
  const { pathname } = useLocation();
  const isHome = pathname === paths.home();
  const elder = useElderMode();

  return (
    <ConfigProvider locale={zhCN} theme={elder ? ELDER_THEME : THEME} wave={NO_WAVE}>
      <Layout data-layout="desktop" className="desktop-shell" hasSider={false}>
        <WaitingLineNotice />
        <a className="desktop-shell__skip" href="#main-content">
          跳到主要内容
        </a>
        <Layout.Header className="desktop-shell__header">
          <div className="desktop-shell__bar">
            <Link to={paths.home()} className="desktop-shell__brand">
              {APP_TITLE}
            </Link>
            <MainNav />
            <Account />
          </div>
        </Layout.Header>
        <div className="desktop-shell__body">
          <PersonalMenu />
          <main id="main-content" tabIndex={-1} className="desktop-shell__content">
            <Breadcrumbs />
            <h1 className={isHome ? 'visually-hidden' : 'desktop-shell__title'}>{title}</h1>
            <Outlet />
          </main>
        </div>
        <Layout.Footer className="desktop-shell__footer">
          <div className="desktop-shell__footer-inner">
            <nav aria-label="页脚导航">
              <ul className="desktop-shell__footer-links">
                {FOOTER_LINKS.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>{l.title}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <p className="desktop-shell__footer-note">{APP_TITLE} · 页面中的时间均为北京时间</p>
          </div>
        </Layout.Footer>
      </Layout>
    </ConfigProvider>
  );
}
