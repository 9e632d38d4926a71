import { childPattern, ROUTE_PATTERNS } from '../../platform';
import { AUTH_ROUTES } from './auth-routes';
import { type PageRoute, WHITE } from './route-table';

/** §2 the desktop table. */
export const DESKTOP_ROUTES: PageRoute[] = [
  {
    path: ROUTE_PATTERNS.home,
    handle: { title: '首页' },
    page: () => import('../../features/home/desktop/home-page'),
  },
  {
    path: ROUTE_PATTERNS.externalProject,
    handle: { title: '外部项目' },
    page: () => import('../../features/home/desktop/external-project-page'),
  },
  {
    path: ROUTE_PATTERNS.notice,
    handle: { title: '消息通知', login: true },
    page: () => import('../../features/notice/desktop/notice-page'),
  },
  {
    path: ROUTE_PATTERNS.find,
    handle: { title: '发现' },
    page: () => import('../../features/find/desktop/find-page'),
  },
  {
    path: ROUTE_PATTERNS.projectList,
    handle: { title: '项目列表' },
    page: () => import('../../features/project/desktop/project-list-page'),
  },
  {
    path: ROUTE_PATTERNS.flowManage,
    handle: { title: '报名流程' },
    page: () => import('../../features/flow/desktop/flow-manage-page'),
  },
  // Beyond §2's desktop table, as on the phone: the form, the payment and the ticket.
  {
    path: ROUTE_PATTERNS.apply,
    handle: { title: '填写报名表', login: true },
    page: () => import('../../features/apply/desktop/apply-page'),
  },
  {
    path: ROUTE_PATTERNS.payment,
    handle: { title: '缴纳报名费' },
    page: () => import('../../features/payment/desktop/payment-page'),
  },
  {
    path: ROUTE_PATTERNS.print,
    handle: { title: '打印准考证', login: true },
    page: () => import('../../features/flow/desktop/print-page'),
  },
  // Beyond §2: the signed receipt of an application or an online exam (issue 30, point 17).
  {
    path: ROUTE_PATTERNS.receipt,
    handle: { title: '回执', login: true },
    page: () => import('../../features/flow/desktop/receipt-page'),
  },
  {
    path: ROUTE_PATTERNS.score,
    handle: { title: '成绩查询', login: true },
    page: () => import('../../features/flow/desktop/score-page'),
  },
  {
    path: ROUTE_PATTERNS.richText,
    handle: { title: '详情', background: WHITE },
    page: () => import('../../features/home/desktop/rich-text-page'),
  },
  {
    path: ROUTE_PATTERNS.flowPreview,
    handle: { title: '流程预览' },
    page: () => import('../../features/preview/desktop/flow-preview-page'),
  },
  {
    path: ROUTE_PATTERNS.flowPreviewLogin,
    handle: { title: '预览登录', background: WHITE },
    page: () => import('../../features/preview/desktop/preview-login-page'),
  },
  {
    path: ROUTE_PATTERNS.saas,
    handle: { title: 'SaaS服务' },
    page: () => import('../../features/saas/desktop/saas-page'),
  },
  {
    path: ROUTE_PATTERNS.commonTabPanel,
    handle: { title: '解决方案' },
    page: () => import('../../features/home/desktop/common-tab-panel-page'),
  },
  {
    path: ROUTE_PATTERNS.onlineExam,
    handle: { title: '在线考试', background: WHITE },
    page: () => import('../../features/exam/desktop/online-exam-page'),
  },
  {
    path: ROUTE_PATTERNS.my,
    handle: { title: '个人中心', login: true },
    page: () => import('../../features/account/desktop/my-center-page'),
    children: [
      {
        path: childPattern('my', 'myFlow'),
        handle: { title: '我的流程', login: true },
        page: () => import('../../features/flow/desktop/my-flow-page'),
      },
      {
        path: childPattern('my', 'myAccount'),
        handle: { title: '账号设置', login: true },
        page: () => import('../../features/account/desktop/my-account-page'),
      },
      {
        path: childPattern('my', 'myLike'),
        handle: { title: '我的收藏', login: true },
        page: () => import('../../features/account/desktop/my-like-page'),
      },
      {
        path: childPattern('my', 'myOrder'),
        handle: { title: '我的订单', login: true },
        page: () => import('../../features/payment/desktop/my-order-page'),
      },
      {
        path: childPattern('my', 'myProject'),
        handle: { title: '我的项目', login: true },
        page: () => import('../../features/account/desktop/my-project-page'),
      },
      {
        path: childPattern('my', 'myRunProject'),
        handle: { title: '进行中', login: true },
        page: () => import('../../features/account/desktop/my-run-project-page'),
      },
    ],
  },
  {
    path: ROUTE_PATTERNS.authStation,
    handle: { title: '工作台', login: true },
    page: () => import('../../features/station/desktop/station-page'),
  },
  ...AUTH_ROUTES,
];
