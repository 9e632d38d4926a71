import { ROUTE_PATTERNS } from '../../platform';
import { AUTH_ROUTES } from './auth-routes';
import { type PageRoute, WHITE } from './route-table';

/** §2 the mobile table. */
export const MOBILE_ROUTES: PageRoute[] = [
  {
    // Not a candidate's route: the phone frame inside the desktop flow preview (?Frame=mobile).
    path: ROUTE_PATTERNS.flowPreview,
    handle: { title: '流程预览' },
    page: () => import('../../features/preview/mobile/flow-preview-frame-page'),
  },
  {
    path: ROUTE_PATTERNS.home,
    handle: { title: '首页', tab: true },
    page: () => import('../../features/home/mobile/home-page'),
  },
  {
    path: ROUTE_PATTERNS.projectList,
    // §9: the project list's WeChat share; the logo and the link come from the defaults.
    handle: {
      title: '项目',
      tab: true,
      share: { title: '项目报名', desc: '考试、招聘、竞赛项目在线报名，进度随时查看' },
    },
    page: () => import('../../features/project/mobile/project-list-page'),
  },
  {
    path: ROUTE_PATTERNS.position,
    handle: { title: '报考岗位' },
    page: () => import('../../features/project/mobile/position-page'),
  },
  {
    path: ROUTE_PATTERNS.apply,
    handle: { title: '填写报名表', login: true, background: WHITE },
    page: () => import('../../features/apply/mobile/apply-page'),
  },
  {
    path: ROUTE_PATTERNS.question,
    handle: { title: '咨询问答' },
    page: () => import('../../features/question/mobile/question-page'),
  },
  {
    path: ROUTE_PATTERNS.questionMy,
    handle: { title: '我的提问' },
    page: () => import('../../features/question/mobile/question-my-page'),
  },
  {
    path: ROUTE_PATTERNS.questionSend,
    handle: { title: '我要提问', background: WHITE },
    page: () => import('../../features/question/mobile/question-send-page'),
  },
  {
    path: ROUTE_PATTERNS.common,
    handle: { title: '解决方案' },
    page: () => import('../../features/home/mobile/common-solution-page'),
  },
  {
    path: ROUTE_PATTERNS.homeRichText,
    handle: { title: '详情', background: WHITE },
    page: () => import('../../features/home/mobile/rich-text-page'),
  },
  {
    path: ROUTE_PATTERNS.flowManage,
    handle: { title: '报名流程' },
    page: () => import('../../features/flow/mobile/flow-manage-page'),
  },
  {
    path: ROUTE_PATTERNS.find,
    handle: { title: '发现', tab: true },
    page: () => import('../../features/find/mobile/find-page'),
  },
  {
    path: ROUTE_PATTERNS.findCategory,
    handle: { title: '分类' },
    page: () => import('../../features/find/mobile/find-category-page'),
  },
  {
    path: ROUTE_PATTERNS.notice,
    handle: { title: '消息', tab: true },
    page: () => import('../../features/notice/mobile/notice-page'),
  },
  {
    path: ROUTE_PATTERNS.noticeDetail,
    handle: { title: '消息详情', background: WHITE },
    page: () => import('../../features/notice/mobile/notice-detail-page'),
  },
  {
    path: ROUTE_PATTERNS.my,
    handle: { title: '我的', tab: true, login: true },
    page: () => import('../../features/account/mobile/my-page'),
  },
  {
    path: ROUTE_PATTERNS.myProject,
    handle: { title: '我的项目', login: true },
    page: () => import('../../features/account/mobile/my-project-page'),
  },
  {
    path: ROUTE_PATTERNS.myHistory,
    handle: { title: '我的足迹', login: true },
    page: () => import('../../features/account/mobile/my-history-page'),
  },
  {
    path: ROUTE_PATTERNS.myLike,
    handle: { title: '我的收藏', login: true },
    page: () => import('../../features/account/mobile/my-like-page'),
  },
  {
    path: ROUTE_PATTERNS.myRunProject,
    handle: { title: '进行中', login: true },
    page: () => import('../../features/account/mobile/my-run-project-page'),
  },
  // §2: account and profile, no login check.
  {
    path: ROUTE_PATTERNS.myAccount,
    handle: { title: '账号与资料' },
    page: () => import('../../features/account/mobile/my-account-page'),
  },
  {
    path: ROUTE_PATTERNS.myOrder,
    handle: { title: '我的订单', login: true },
    page: () => import('../../features/account/mobile/my-order-page'),
  },
  {
    path: ROUTE_PATTERNS.resetPassword,
    handle: { title: '修改密码', login: true, background: WHITE },
    page: () => import('../../features/account/mobile/reset-password-page'),
  },
  {
    path: ROUTE_PATTERNS.resetPhone,
    handle: { title: '更换手机号', login: true, background: WHITE },
    page: () => import('../../features/account/mobile/reset-phone-page'),
  },
  {
    path: ROUTE_PATTERNS.bindWeChatAccount,
    handle: { title: '绑定微信', login: true, background: WHITE },
    page: () => import('../../features/account/mobile/bind-wechat-page'),
  },
  {
    path: ROUTE_PATTERNS.cancelPhone,
    handle: { title: '注销账号', login: true, background: WHITE },
    page: () => import('../../features/account/mobile/cancel-account-page'),
  },
  {
    path: ROUTE_PATTERNS.saas,
    handle: { title: 'SaaS服务' },
    page: () => import('../../features/saas/mobile/saas-page'),
  },
  {
    path: ROUTE_PATTERNS.payment,
    handle: { title: '支付' },
    page: () => import('../../features/payment/mobile/payment-page'),
  },
  // Beyond §2: the admission ticket (issue 4), reached from flowManage and payment.
  {
    path: ROUTE_PATTERNS.print,
    handle: { title: '打印准考证', login: true },
    page: () => import('../../features/flow/mobile/print-page'),
  },
  // Beyond §2: the signed receipt of an application or an online exam (issue 30, point 17).
  {
    path: ROUTE_PATTERNS.receipt,
    handle: { title: '回执', login: true },
    page: () => import('../../features/flow/mobile/receipt-page'),
  },
  // Beyond §2: the published score and its 复核 (issue 30, point 18), from 考试结果 and my project.
  {
    path: ROUTE_PATTERNS.score,
    handle: { title: '成绩查询', login: true },
    page: () => import('../../features/flow/mobile/score-page'),
  },
  {
    path: ROUTE_PATTERNS.onlineExam,
    // Not login-marked (§2 lists no check); GetExamine's 401 sends the candidate to sign in (§8).
    // Grey background (the default): the questions are white cards.
    handle: { title: '在线考试' },
    page: () => import('../../features/exam/mobile/online-exam-page'),
  },
  {
    path: ROUTE_PATTERNS.authStation,
    handle: { title: '工作台', login: true },
    page: () => import('../../features/station/mobile/station-page'),
  },
  ...AUTH_ROUTES,
];
