import { AUTH_ROUTES } from './auth-routes';
import { type PageRoute, WHITE } from './route-table';

/** §2 the mobile table. */
export const MOBILE_ROUTES: PageRoute[] = [
  {
    // Not a candidate's route: the phone frame inside the desktop flow preview (?Frame=mobile).
    path: 'flowPreview',
    handle: { title: '流程预览' },
    page: () => import('../../features/preview/mobile/flow-preview-frame-page'),
  },
  {
    path: 'home',
    handle: { title: '首页', tab: true },
    page: () => import('../../features/home/home-page'),
  },
  {
    path: 'home/project',
    // §9: the project list's WeChat share; the logo and the link come from the defaults.
    handle: {
      title: '项目',
      tab: true,
      share: { title: '项目报名', desc: '考试、招聘、竞赛项目在线报名，进度随时查看' },
    },
    page: () => import('../../features/project/mobile/project-list-page'),
  },
  {
    path: 'home/position',
    handle: { title: '报考岗位' },
    page: () => import('../../features/project/mobile/position-page'),
  },
  {
    path: 'apply',
    handle: { title: '填写报名表', login: true, background: WHITE },
    page: () => import('../../features/apply/mobile/apply-page'),
  },
  {
    path: 'home/question',
    handle: { title: '咨询问答' },
    page: () => import('../../features/question/question-page'),
  },
  {
    path: 'home/questionMy',
    handle: { title: '我的提问' },
    page: () => import('../../features/question/question-my-page'),
  },
  {
    path: 'home/questionSend',
    handle: { title: '我要提问', background: WHITE },
    page: () => import('../../features/question/question-send-page'),
  },
  {
    path: 'home/common',
    handle: { title: '解决方案' },
    page: () => import('../../features/home/common-solution-page'),
  },
  {
    path: 'home/richText',
    handle: { title: '详情', background: WHITE },
    page: () => import('../../features/home/rich-text-page'),
  },
  {
    path: 'flowManage',
    handle: { title: '报名流程' },
    page: () => import('../../features/flow/mobile/flow-manage-page'),
  },
  {
    path: 'find',
    handle: { title: '发现', tab: true },
    page: () => import('../../features/find/find-page'),
  },
  {
    path: 'find/category',
    handle: { title: '分类' },
    page: () => import('../../features/find/find-category-page'),
  },
  {
    path: 'notice',
    handle: { title: '消息', tab: true },
    page: () => import('../../features/notice/notice-page'),
  },
  {
    path: 'notice/detail',
    handle: { title: '消息详情', background: WHITE },
    page: () => import('../../features/notice/notice-detail-page'),
  },
  {
    path: 'my',
    handle: { title: '我的', tab: true, login: true },
    page: () => import('../../features/account/mobile/my-page'),
  },
  {
    path: 'my/myProject',
    handle: { title: '我的项目', login: true },
    page: () => import('../../features/account/mobile/my-project-page'),
  },
  {
    path: 'my/myHistory',
    handle: { title: '我的足迹', login: true },
    page: () => import('../../features/account/mobile/my-history-page'),
  },
  {
    path: 'my/myLike',
    handle: { title: '我的收藏', login: true },
    page: () => import('../../features/account/mobile/my-like-page'),
  },
  {
    path: 'my/myRunProject',
    handle: { title: '进行中', login: true },
    page: () => import('../../features/account/mobile/my-run-project-page'),
  },
  // §2: account and profile, no login check.
  {
    path: 'my/myAccount',
    handle: { title: '账号与资料' },
    page: () => import('../../features/account/mobile/my-account-page'),
  },
  {
    path: 'my/myOrder',
    handle: { title: '我的订单', login: true },
    page: () => import('../../features/account/mobile/my-order-page'),
  },
  {
    path: 'my/resetPassword',
    handle: { title: '修改密码', login: true, background: WHITE },
    page: () => import('../../features/account/reset-password-page'),
  },
  {
    path: 'my/resetPhone',
    handle: { title: '更换手机号', login: true, background: WHITE },
    page: () => import('../../features/account/reset-phone-page'),
  },
  {
    path: 'my/bindWeChatAccount',
    handle: { title: '绑定微信', login: true, background: WHITE },
    page: () => import('../../features/account/bind-wechat-page'),
  },
  {
    path: 'my/cancelPhone',
    handle: { title: '注销账号', login: true, background: WHITE },
    page: () => import('../../features/account/cancel-account-page'),
  },
  {
    path: 'saas',
    handle: { title: 'SaaS服务' },
    page: () => import('../../features/saas/saas-page'),
  },
  {
    path: 'payment',
    handle: { title: '支付' },
    page: () => import('../../features/payment/mobile/payment-page'),
  },
  // Beyond §2: the admission ticket (issue 4), reached from flowManage and payment.
  {
    path: 'print',
    handle: { title: '打印准考证', login: true },
    page: () => import('../../features/flow/mobile/print-page'),
  },
  {
    path: 'onlineExam',
    // Not login-marked (§2 lists no check); GetExamine's 401 sends the candidate to sign in (§8).
    // Grey background (the default): the questions are white cards.
    handle: { title: '在线考试' },
    page: () => import('../../features/exam/mobile/online-exam-page'),
  },
  ...AUTH_ROUTES,
];
