import { Button, ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import {
  APP_TITLE,
  isWithin,
  paths,
  signOut,
  useLayoutStore,
  useRouteHandle,
  useSessionStore,
} from '../../platform';

/** The sidebar: the desktop table's main pages, with the personal centre's children (§2). */
export const DESKTOP_MENU: NonNullable<MenuProps['items']> = [
  { key: paths.projectList(), label: '项目列表' },
  { key: paths.home(), label: '首页' },
  { key: paths.find(), label: '发现' },
  { key: paths.externalProject(), label: '外部项目' },
  { key: paths.commonTabPanel(), label: '解决方案' },
  { key: paths.notice(), label: '消息通知' },
  {
    key: paths.my(),
    label: '个人中心',
    children: [
      { key: paths.myProject(), label: '我的项目' },
      { key: paths.myRunProject(), label: '进行中' },
      { key: paths.myFlow(), label: '我的流程' },
      { key: paths.myOrder(), label: '我的订单' },
      { key: paths.myLike(), label: '我的收藏' },
      { key: paths.myAccount(), label: '账号设置' },
    ],
  },
];

function Account() {
  const token = useSessionStore((s) => s.token);
  const name = useSessionStore((s) => s.name);
  if (!token) {
    return (
      <Link to={paths.authLogin()}>
        <Button type="primary">登录</Button>
      </Link>
    );
  }
  return (
    <span className="desktop-shell__account">
      <span>{name || '已登录'}</span>
      <Button onClick={() => signOut()}>退出登录</Button>
    </span>
  );
}

/** The desktop layout: header, collapsible sidebar (its state in cookie sidebarStatus), the page. */
export function DesktopShell() {
  const { title } = useRouteHandle();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sidebarOpened = useLayoutStore((s) => s.sidebarOpened);
  const setSidebarOpened = useLayoutStore((s) => s.setSidebarOpened);

  return (
    <ConfigProvider
      locale={zhCN}
      theme={{
        token: {
          colorPrimary: '#0958d9',
          colorError: '#cf1322',
          // WCAG AA (4.5:1 on white) for placeholders, hints and secondary text.
          colorTextPlaceholder: '#6b7785',
          colorTextDescription: '#4e5969',
          colorTextTertiary: '#6b7785',
        },
      }}
    >
      <Layout data-layout="desktop" className="desktop-shell">
        <Layout.Header className="desktop-shell__header">
          <Link to={paths.projectList()} className="desktop-shell__brand">
            {APP_TITLE}
          </Link>
          <Account />
        </Layout.Header>
        <Layout className="desktop-shell__main">
          <Layout.Sider
            className="desktop-shell__sider"
            theme="light"
            width={208}
            collapsible
            collapsed={!sidebarOpened}
            onCollapse={(collapsed) => setSidebarOpened(!collapsed)}
          >
            <Menu
              mode="inline"
              className="desktop-shell__menu"
              selectedKeys={[pathname]}
              defaultOpenKeys={isWithin(pathname, 'my') ? [paths.my()] : []}
              items={DESKTOP_MENU}
              onClick={({ key }) => void navigate(key)}
            />
          </Layout.Sider>
          <Layout.Content className="desktop-shell__content">
            <h1 className="desktop-shell__title">{title}</h1>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
