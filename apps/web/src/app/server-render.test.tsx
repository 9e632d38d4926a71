// @vitest-environment node
import {
  DEFAULT_PAGE_SIZE,
  DESKTOP_PROJECT_PAGE_SIZE,
  type Endpoint,
  FLOW_NOTICE_COUNT,
  FLOW_QUESTION_COUNT,
  firstAnswerKey,
  getExamine,
  getHomeLable,
  getMessageList,
  getPersonalCenterNumber,
  getProject,
  getProjectList,
  getProjectNotice,
  getProjectOpenAsk,
  getUser,
  getUserPaymentOrder,
  getUserProject,
  MAX_PAGE_SIZE,
  type PageLayout,
  PROJECT_PAGE_SIZE,
  type UserProfile,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  applySummary,
  examSummary,
  paged,
  projectDetail,
  projectSummary,
} from '../features/testing/fixtures';
import { paths, useSessionStore } from '../platform';
import { testRuntimeConfig } from '../platform/testing/runtime-config-fixture';
import { renderFirstScreen } from './server-render';

const ok = (Data: unknown) => ({ ErrCode: 0, ErrMsg: '', Data });
const key = (endpoint: Endpoint, query: Record<string, string> = {}) =>
  firstAnswerKey(endpoint, new URLSearchParams(query));
const page = (size: number) => ({ PageIndex: '1', PageSize: String(size) });

const LABLES = ok([{ LableId: 1, Name: '公务员', Icon: 'bank', Color: '#c9302c' }]);
const PROJECTS = ok(paged([projectSummary({ Title: '海淀区事业单位公开招聘' })]));
const LIST_ANSWERS = {
  [key(getHomeLable)]: LABLES,
  [key(getProjectList, page(PROJECT_PAGE_SIZE))]: PROJECTS,
};
const DESKTOP_LIST_ANSWERS = {
  [key(getHomeLable)]: LABLES,
  [key(getProjectList, page(DESKTOP_PROJECT_PAGE_SIZE))]: PROJECTS,
};

const draw = (
  path: string,
  firstAnswers: Record<string, unknown>,
  layout: PageLayout = 'mobile',
  elder = false,
  signedInAs?: string,
) =>
  renderFirstScreen({
    url: `https://www.example.com${path}`,
    layout,
    runtimeConfig: testRuntimeConfig(),
    firstAnswers,
    elder,
    ...(signedInAs ? { signedInAs } : {}),
  });

const PROFILE: UserProfile = {
  UserId: 7,
  Name: '王画面',
  Mobile: '139****8727',
  HeadPortrait: '',
  IsRealName: false,
  IdNumber: null,
  IsBindWeChat: false,
  CreateTime: '2026-01-01T08:00:00+08:00',
};
/** A signed-in candidate's 我的项目 as the host asks it (SIGNED_IN_FIRST_CALLS). */
const MY_PROJECT_ANSWERS = {
  [key(getUser)]: ok(PROFILE),
  [key(getMessageList, { PageIndex: '1', PageSize: '1' })]: ok({
    ...paged([]),
    UnreadCount: 4,
  }),
  [key(getUserProject, { PageIndex: '1', PageSize: String(DEFAULT_PAGE_SIZE) })]: ok(
    paged([applySummary({ ProjectTitle: '海淀区事业单位公开招聘' })]),
  ),
};

describe('the server draws a phone’s first screen from the host page’s first answers', () => {
  it('draws the project list in its shell, with the query cache the SPA hydrates from', async () => {
    const drawn = await draw(paths.projectList(), LIST_ANSWERS);
    expect(drawn?.html).toContain('海淀区事业单位公开招聘');
    expect(drawn?.html).toContain('公务员');
    expect(drawn?.html).toContain('mobile-shell__title">项目<');
    const queries = (drawn?.state.queries as { queries: { queryKey: unknown[] }[] }).queries;
    expect(queries.map((q) => q.queryKey[0]).sort()).toEqual(
      [getHomeLable.name, getProjectList.name].sort(),
    );
    expect(drawn?.state.loaderData).toBeTypeOf('object');
    // The phone's components are styled by its stylesheets: nothing for the head.
    expect(drawn?.head).toBe('');
  });

  it('declines when a call the page makes has no answer, rather than ask the network', async () => {
    const { [key(getHomeLable)]: _lables, ...withoutLables } = LIST_ANSWERS;
    expect(await draw(paths.projectList(), withoutLables)).toBeNull();
  });

  it('declines a page behind sign-in and an address the rules send elsewhere', async () => {
    expect(await draw(paths.my(), LIST_ANSWERS)).toBeNull();
    expect(await draw(`${paths.home()}/no-such-page`, LIST_ANSWERS)).toBeNull();
  });

  it('sanitises a project’s rich text as the browser does', async () => {
    const projectId = { ProjectId: '1' };
    const drawn = await draw(paths.flowManage({ ProjectId: 1 }), {
      [key(getProject, projectId)]: ok(
        projectDetail({
          Introduction: '<p onclick="steal()">欢迎报名<script>steal()</script></p>',
        }),
      ),
      [key(getProjectNotice, { ...projectId, ...page(FLOW_NOTICE_COUNT) })]: ok(paged([])),
      [key(getProjectOpenAsk, { ...projectId, ...page(FLOW_QUESTION_COUNT) })]: ok(paged([])),
    });
    expect(drawn?.html).toContain('<p>欢迎报名</p>');
    expect(drawn?.html).not.toMatch(/steal|onclick|<script/);
  });
});

/** The desktop's 我的项目 shows the personal-centre numbers too. */
const DESKTOP_MY_PROJECT_ANSWERS = {
  ...MY_PROJECT_ANSWERS,
  [key(getPersonalCenterNumber)]: ok({
    ApplyCount: 1,
    RunProjectCount: 1,
    OrderCount: 0,
    BrowseCount: 0,
    CollectCount: 0,
    UnreadMessageCount: 4,
  }),
};

/** The desktop workbench of a candidate with a paid application whose exam is open. */
const SITTING = applySummary({
  ApplyId: 31,
  ProjectTitle: '人力资源管理师在线考试',
  Status: 'Paid',
  HasOnlineExam: true,
});
const DESKTOP_MY_ANSWERS = {
  ...DESKTOP_MY_PROJECT_ANSWERS,
  [key(getUserProject, page(MAX_PAGE_SIZE))]: ok(paged([SITTING])),
  [key(getUserPaymentOrder, page(MAX_PAGE_SIZE))]: ok(paged([])),
};
const SITTING_EXAM = key(getExamine, { ApplyId: '31' });
const OPEN_EXAM = ok(examSummary({ ApplyId: 31, Title: '人力资源管理师（三级）理论知识' }));

describe('the server draws a signed-in screen for the account whose answers it holds', () => {
  it('draws 我的项目 behind sign-in, with the session it was drawn with for the browser to match', async () => {
    const drawn = await draw(paths.myProject(), MY_PROJECT_ANSWERS, 'mobile', false, '7');
    expect(drawn?.html).toContain('海淀区事业单位公开招聘');
    expect(drawn?.state.session).toEqual({ drawnFor: '7', profile: PROFILE, unreadNoticeCount: 4 });
    // The desktop shell shows whose page it is, signed in, as the browser will after hydration.
    const desktop = await draw(
      paths.myProject(),
      DESKTOP_MY_PROJECT_ANSWERS,
      'desktop',
      false,
      '7',
    );
    expect(desktop?.html).toContain('王画面');
    expect(desktop?.html).toContain('退出');
    expect(desktop?.html).not.toMatch(/>登录</);
  });

  it('keeps no one’s session for the next drawing, drawn at once or after', async () => {
    const [signedIn, signedOut] = await Promise.all([
      draw(paths.myProject(), DESKTOP_MY_PROJECT_ANSWERS, 'desktop', false, '7'),
      draw(paths.projectList(), DESKTOP_LIST_ANSWERS, 'desktop'),
    ]);
    expect(signedIn?.html).toContain('王画面');
    expect(signedOut?.html).not.toContain('王画面');
    expect(signedOut?.html).toMatch(/>登录</);
    const after = await draw(paths.projectList(), DESKTOP_LIST_ANSWERS, 'desktop');
    expect(after?.html).not.toContain('王画面');
    expect(after?.state.session).toBeUndefined();
    // Nor in the module-wide store, which the drawing's calls would write as the browser's do.
    useSessionStore.setState({ unreadNoticeCount: 9 });
    expect(useSessionStore.getState()).toMatchObject({
      token: '',
      userData: null,
      unreadNoticeCount: 0,
      personalCenterNumbers: null,
    });
  });

  it('draws the desktop workbench with the exam the host asked after the applications, or without it', async () => {
    const withExam = await draw(
      paths.my(),
      { ...DESKTOP_MY_ANSWERS, [SITTING_EXAM]: OPEN_EXAM },
      'desktop',
      false,
      '7',
    );
    expect(withExam?.html).toContain('人力资源管理师（三级）理论知识');
    expect(withExam?.html).toContain('参加考试');
    // The host could not ask it: the rest is drawn, the exam left to the browser (not in the cache).
    const without = await draw(paths.my(), DESKTOP_MY_ANSWERS, 'desktop', false, '7');
    expect(without?.html).toContain('待打印准考证');
    expect(without?.html).not.toContain('参加考试');
    expect(JSON.stringify(without?.state.queries)).not.toContain(getExamine.name);
  });

  it('declines without the profile, and for a signed-out visitor', async () => {
    const { [key(getUser)]: _profile, ...withoutProfile } = MY_PROJECT_ANSWERS;
    expect(await draw(paths.myProject(), withoutProfile, 'mobile', false, '7')).toBeNull();
    expect(await draw(paths.myProject(), MY_PROJECT_ANSWERS)).toBeNull();
  });
});

describe('the server draws a desktop’s first screen, with the styles antd wrote for it', () => {
  it('draws the project list in the desktop shell, its antd styles for the head', async () => {
    const drawn = await draw(paths.projectList(), DESKTOP_LIST_ANSWERS, 'desktop');
    expect(drawn?.html).toContain('data-layout="desktop"');
    expect(drawn?.html).toContain('海淀区事业单位公开招聘');
    expect(drawn?.html).toContain('ant-pagination');
    const queries = (drawn?.state.queries as { queries: { queryKey: unknown[] }[] }).queries;
    expect(queries.map((q) => q.queryKey[0]).sort()).toEqual(
      [getHomeLable.name, getProjectList.name].sort(),
    );
    const head = drawn?.head ?? '';
    expect(head).toMatch(/^<style[^>]*data-css-hash=/);
    expect(head).toContain('.ant-card');
    // The map antd reads in the browser to take these styles instead of writing them again.
    expect(head).toContain('data-ant-cssinjs-cache-path');
    // Only the last drawing's styles: the first, with the queries pending, showed a skeleton.
    expect(head).not.toContain('.ant-skeleton');
    expect(head).not.toContain('海淀区');
  });

  it('draws in 长辈模式 when the visitor has it on: antd at 18 px, as the browser will render', async () => {
    const fontSize = (head: string | undefined) => /--ant-font-size:(\d+)px/.exec(head ?? '')?.[1];
    expect(fontSize((await draw(paths.projectList(), DESKTOP_LIST_ANSWERS, 'desktop'))?.head)).toBe(
      '14',
    );
    const elder = await draw(paths.projectList(), DESKTOP_LIST_ANSWERS, 'desktop', true);
    expect(fontSize(elder?.head)).toBe('18');
    expect(elder?.html).toContain('海淀区事业单位公开招聘');
  });

  it('declines as on the phone: a missing answer, a page behind sign-in', async () => {
    const { [key(getHomeLable)]: _lables, ...withoutLables } = DESKTOP_LIST_ANSWERS;
    expect(await draw(paths.projectList(), withoutLables, 'desktop')).toBeNull();
    // The phone's page size is not the desktop's page.
    expect(await draw(paths.projectList(), LIST_ANSWERS, 'desktop')).toBeNull();
    expect(await draw(paths.my(), DESKTOP_LIST_ANSWERS, 'desktop')).toBeNull();
  });
});
