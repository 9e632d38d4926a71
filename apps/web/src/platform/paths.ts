import { ROUTE_BASE, type ReceiptKind } from '@portal/contracts';

/**
 * §2: every route of the app, relative to /views — both layouts' tables, the auth routes and the
 * app's own extras (apply, print, receipt, score). The route tables take their paths from here; everything else
 * links through `paths`. Lint refuses a '/views/…' literal anywhere but this file.
 */
export const ROUTE_PATTERNS = {
  // Both tables.
  home: 'home',
  projectList: 'home/project',
  flowManage: 'flowManage',
  find: 'find',
  notice: 'notice',
  saas: 'saas',
  onlineExam: 'onlineExam',
  my: 'my',
  myProject: 'my/myProject',
  myLike: 'my/myLike',
  myRunProject: 'my/myRunProject',
  myAccount: 'my/myAccount',
  myOrder: 'my/myOrder',
  // The mobile table.
  position: 'home/position',
  question: 'home/question',
  questionMy: 'home/questionMy',
  questionSend: 'home/questionSend',
  common: 'home/common',
  homeRichText: 'home/richText',
  findCategory: 'find/category',
  noticeDetail: 'notice/detail',
  myHistory: 'my/myHistory',
  resetPassword: 'my/resetPassword',
  resetPhone: 'my/resetPhone',
  bindWeChatAccount: 'my/bindWeChatAccount',
  cancelPhone: 'my/cancelPhone',
  payment: 'payment',
  // The desktop table.
  externalProject: 'externalproject',
  richText: 'richText',
  flowPreview: 'flowPreview',
  flowPreviewLogin: 'flowPreview/login',
  commonTabPanel: 'commonTabPanel',
  myFlow: 'my/myFlow',
  // Auth, the same in both layouts.
  authLogin: 'auth/login',
  authLoginout: 'auth/loginout',
  authCallback: 'auth/callback',
  authStation: 'auth/station',
  authNoPower: 'auth/nopower',
  authFrequently: 'auth/frequently',
  // Beyond §2: the application form, the admission ticket and the score (issue 30, point 18).
  apply: 'apply',
  print: 'print',
  // Beyond §2: a signed receipt of a submitted application or exam (issue 30, point 17).
  receipt: 'receipt',
  // Beyond §2: the published score and its 复核 (issue 30, point 18).
  score: 'score',
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;

/** A route's pattern as a child of another's (the desktop personal centre nests its pages). */
export function childPattern(parent: RouteName, child: RouteName): string {
  const prefix = `${ROUTE_PATTERNS[parent]}/`;
  const pattern: string = ROUTE_PATTERNS[child];
  if (!pattern.startsWith(prefix)) throw new Error(`${child} is not under ${parent}`);
  return pattern.slice(prefix.length);
}

type Id = number;
type QueryValue = string | number | null | undefined;

/** The full path of a route with its query; empty values are left out. */
export function routePath(name: RouteName, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return `${ROUTE_BASE}/${ROUTE_PATTERNS[name]}${text ? `?${text}` : ''}`;
}

/** Whether a pathname is a route or one under it (a tab's section, the preview mode). */
export function isWithin(pathname: string, name: RouteName): boolean {
  const base = routePath(name);
  return pathname === base || pathname.startsWith(`${base}/`);
}

export interface ProjectListQuery {
  Keyword?: string;
  LableId?: Id;
  CategoryId?: Id;
  State?: string;
  PageIndex?: number;
}
/** NoticeId: a project notice; MessageId: one of my messages. */
export type NoticeDetailQuery = { NoticeId: Id } | { MessageId: Id };
export type NoticeTab = 'project' | 'message';

/** Typed builders: `paths.flowManage({ ProjectId: 3 })` → '/views/flowManage?ProjectId=3'. */
export const paths = {
  home: () => routePath('home'),
  projectList: (query: ProjectListQuery = {}) => routePath('projectList', { ...query }),
  /** Change=1: the phone's 改报, the project's positions to change to. */
  flowManage: (query: { ProjectId: Id; Change?: 1 }) => routePath('flowManage', query),
  /** LableId: the desktop's chosen category (the mobile has find/category for it). */
  find: (query: { LableId?: Id } = {}) => routePath('find', query),
  findCategory: (query: { LableId: Id }) => routePath('findCategory', query),
  /** NoticeId / MessageId: the desktop shows the chosen one beside its list. */
  notice: (query: { tab?: NoticeTab; NoticeId?: Id; MessageId?: Id } = {}) =>
    routePath('notice', query),
  noticeDetail: (query: NoticeDetailQuery) => routePath('noticeDetail', query),
  saas: () => routePath('saas'),
  /** Practice: 1 opens the practice attempt on the sample paper (issue 30, point 19). */
  onlineExam: (query: { ProjectId?: Id; ApplyId?: Id; Practice?: 1 } = {}) =>
    routePath('onlineExam', query),
  position: (query: { ProjectId: Id }) => routePath('position', query),
  apply: (query: { ProjectId: Id; PositionId?: Id }) => routePath('apply', query),
  payment: (query: { ApplyId: Id }) => routePath('payment', query),
  print: (query: { ApplyId: Id }) => routePath('print', query),
  receipt: (query: { ApplyId: Id; Kind: ReceiptKind }) => routePath('receipt', query),
  score: (query: { ApplyId: Id }) => routePath('score', query),
  question: (query: { ProjectId: Id }) => routePath('question', query),
  questionMy: (query: { ProjectId?: Id } = {}) => routePath('questionMy', query),
  questionSend: (query: { ProjectId: Id }) => routePath('questionSend', query),
  common: (query: { SolutionId?: Id } = {}) => routePath('common', query),
  homeRichText: (query: { ProjectId?: Id; SolutionId?: Id } = {}) =>
    routePath('homeRichText', query),
  richText: (query: { ProjectId?: Id; SolutionId?: Id } = {}) => routePath('richText', query),
  externalProject: () => routePath('externalProject'),
  commonTabPanel: (query: { SolutionId?: Id } = {}) => routePath('commonTabPanel', query),
  /** Frame=mobile: the preview's phone frame, the mobile layout inside the desktop page. */
  flowPreview: (query: { ProjectId?: Id; Step?: string; Status?: string; Frame?: 'mobile' } = {}) =>
    routePath('flowPreview', query),
  /** redirect: the preview address to return to after signing in. */
  flowPreviewLogin: (query: { redirect?: string } = {}) => routePath('flowPreviewLogin', query),
  my: () => routePath('my'),
  myProject: () => routePath('myProject'),
  myHistory: () => routePath('myHistory'),
  myLike: () => routePath('myLike'),
  myRunProject: () => routePath('myRunProject'),
  /** tab: the desktop account page's section (profile, archive, password, mobile, wechat, close). */
  myAccount: (query: { tab?: string } = {}) => routePath('myAccount', query),
  myOrder: (query: { tab?: string } = {}) => routePath('myOrder', query),
  myFlow: (query: { ProjectId?: Id } = {}) => routePath('myFlow', query),
  resetPassword: () => routePath('resetPassword'),
  resetPhone: () => routePath('resetPhone'),
  bindWeChatAccount: () => routePath('bindWeChatAccount'),
  cancelPhone: () => routePath('cancelPhone'),
  authLogin: () => routePath('authLogin'),
  authLoginout: () => routePath('authLoginout'),
  authCallback: () => routePath('authCallback'),
  authStation: () => routePath('authStation'),
  authNoPower: () => routePath('authNoPower'),
  authFrequently: () => routePath('authFrequently'),
} satisfies Record<RouteName, (...args: never[]) => string>;
