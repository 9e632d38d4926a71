import { AUTH_ROUTES } from './auth-routes';
import { type PageRoute, WHITE } from './route-table';

/** §2 the desktop table. */
export const DESKTOP_ROUTES: PageRoute[] = [
  { path: 'home', handle: { title: '首页' }, page: () => import('./placeholder-page') },
  {
    path: 'externalproject',
    handle: { title: '外部项目' },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'notice',
    handle: { title: '消息通知', login: true },
    page: () => import('./placeholder-page'),
  },
  { path: 'find', handle: { title: '发现' }, page: () => import('./placeholder-page') },
  {
    path: 'home/project',
    handle: { title: '项目列表' },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'flowManage',
    handle: { title: '报名流程' },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'richText',
    handle: { title: '详情', background: WHITE },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'flowPreview',
    handle: { title: '流程预览' },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'flowPreview/login',
    handle: { title: '预览登录', background: WHITE },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'saas',
    handle: { title: 'SaaS服务' },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'commonTabPanel',
    handle: { title: '解决方案' },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'onlineExam',
    handle: { title: '在线考试', background: WHITE },
    page: () => import('../../features/exam/desktop/online-exam-page'),
  },
  {
    path: 'my',
    handle: { title: '个人中心', login: true },
    page: () => import('../../features/account/desktop/my-center-page'),
    children: [
      {
        path: 'myFlow',
        handle: { title: '我的流程', login: true },
        page: () => import('./placeholder-page'),
      },
      {
        path: 'myAccount',
        handle: { title: '账号设置', login: true },
        page: () => import('./placeholder-page'),
      },
      {
        path: 'myLike',
        handle: { title: '我的收藏', login: true },
        page: () => import('./placeholder-page'),
      },
      {
        path: 'myOrder',
        handle: { title: '我的订单', login: true },
        page: () => import('./placeholder-page'),
      },
      {
        path: 'myProject',
        handle: { title: '我的项目', login: true },
        page: () => import('./placeholder-page'),
      },
      {
        path: 'myRunProject',
        handle: { title: '进行中', login: true },
        page: () => import('./placeholder-page'),
      },
    ],
  },
  ...AUTH_ROUTES,
];
