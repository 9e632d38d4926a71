import { describe, expect, it } from 'vitest';
import { getProject, getProjectList } from './areas/project.js';
import {
  appendQuery,
  FIRST_SCREEN_CALLS,
  firstAnswerKey,
  followUpsAt,
  type PageLayout,
  SIGNED_IN_FOLLOW_UPS,
} from './first-answers.js';
import { MAX_PAGE_SIZE } from './envelope.js';
import { ROUTES } from './routes.js';

const keyOf = (input: Record<string, unknown>) => {
  const params = new URLSearchParams();
  appendQuery(params, input);
  return firstAnswerKey(getProjectList, params);
};
const inputsFor = (layout: PageLayout, path: string, query: string) =>
  FIRST_SCREEN_CALLS[layout][path]!.map((call) => [
    call.endpoint.name,
    call.input(new URLSearchParams(query)),
  ]);

describe('first answers', () => {
  it('keys a call by its name and its query, whatever the order of the input', () => {
    expect(keyOf({ PageIndex: 1, PageSize: 10 })).toBe(keyOf({ PageSize: 10, PageIndex: 1 }));
    expect(keyOf({ PageIndex: 1, PageSize: 10, Keyword: undefined })).toBe(
      'Project/GetProjectList?PageIndex=1&PageSize=10',
    );
    expect(keyOf({ PageIndex: 2, PageSize: 10 })).not.toBe(keyOf({ PageIndex: 1, PageSize: 10 }));
  });

  it('answers the list as its address filters it, and a project page only for a valid id', () => {
    expect(inputsFor('mobile', ROUTES.projectList, '')).toContainEqual([
      getProjectList.name,
      { PageIndex: 1, PageSize: 10 },
    ]);
    // As the list page reads its address: a filter chip's link, before the app is live, is drawn.
    expect(
      inputsFor('mobile', ROUTES.projectList, 'State=Applying&LableId=2&Keyword=%20教师%20'),
    ).toContainEqual([
      getProjectList.name,
      { PageIndex: 1, PageSize: 10, State: 'Applying', LableId: 2, Keyword: '教师' },
    ]);
    // Values the page would drop are dropped.
    expect(
      inputsFor('mobile', ROUTES.projectList, 'State=Open&LableId=abc&CategoryId=-1&Keyword='),
    ).toContainEqual([getProjectList.name, { PageIndex: 1, PageSize: 10 }]);
    // A link shared in WeChat carries WeChat's own parameters, not a filter.
    expect(
      inputsFor('mobile', ROUTES.projectList, 'from=singlemessage&isappinstalled=0'),
    ).toContainEqual([getProjectList.name, { PageIndex: 1, PageSize: 10 }]);
    // A desktop's numbered pages: its own size, the page its address names.
    expect(inputsFor('desktop', ROUTES.projectList, '')).toContainEqual([
      getProjectList.name,
      { PageIndex: 1, PageSize: 6 },
    ]);
    expect(inputsFor('desktop', ROUTES.projectList, 'PageIndex=3')).toContainEqual([
      getProjectList.name,
      { PageIndex: 3, PageSize: 6 },
    ]);
    expect(inputsFor('desktop', ROUTES.projectList, 'PageIndex=0&Keyword=a')).toContainEqual([
      getProjectList.name,
      { PageIndex: 1, PageSize: 6, Keyword: 'a' },
    ]);
    expect(inputsFor('desktop', '/views/flowManage', 'ProjectId=12')).toContainEqual([
      getProject.name,
      { ProjectId: 12 },
    ]);
    for (const bad of ['', 'ProjectId=abc', 'ProjectId=-1', 'ProjectId=1.5'])
      expect(
        inputsFor('mobile', '/views/flowManage', bad).every(([, input]) => input === null),
      ).toBe(true);
  });
});

describe('follow-ups', () => {
  const workbench = { pathname: '/views/my', searchParams: new URLSearchParams() };
  const applies = `User/GetUserProject?PageIndex=1&PageSize=${MAX_PAGE_SIZE}`;
  const summary = (ApplyId: number, Status: string, HasOnlineExam: boolean) => ({
    ApplyId,
    ProjectId: ApplyId * 10,
    ProjectTitle: '项目',
    PositionId: 1,
    PositionName: '岗位',
    Status,
    ReviewRemark: null,
    SubmitTime: null,
    UpdateTime: '2026-11-28T03:00:00.000Z',
    FeeInFen: 0,
    OrderId: null,
    HasOnlineExam,
    ExamScore: null,
    TicketPrintable: false,
    CanWithdraw: false,
    CanChangePosition: false,
  });
  const answered = (Items: unknown[]) => ({
    [applies]: {
      ErrCode: 0,
      ErrMsg: '',
      Data: { Items, Total: Items.length, PageIndex: 1, PageSize: MAX_PAGE_SIZE },
    },
  });

  it("asks the desktop workbench's exam of each paid application with one, from the applications' answer", () => {
    const calls = followUpsAt(
      SIGNED_IN_FOLLOW_UPS.desktop,
      workbench,
      answered([
        summary(1, 'Paid', true),
        summary(2, 'TicketIssued', true),
        summary(3, 'Paid', false),
        summary(4, 'Approved', true),
      ]),
    );
    expect(calls.map((c) => c.key)).toEqual([
      'ProjectOnLineExamine/GetExamine?ApplyId=1',
      'ProjectOnLineExamine/GetExamine?ApplyId=2',
    ]);
  });

  it('asks none without that answer, with one not of its shape, or where the page makes none', () => {
    expect(followUpsAt(SIGNED_IN_FOLLOW_UPS.desktop, workbench, {})).toEqual([]);
    expect(
      followUpsAt(SIGNED_IN_FOLLOW_UPS.desktop, workbench, { [applies]: { Data: { Items: 1 } } }),
    ).toEqual([]);
    const paid = answered([summary(1, 'Paid', true)]);
    expect(followUpsAt(SIGNED_IN_FOLLOW_UPS.mobile, workbench, paid)).toEqual([]);
    expect(
      followUpsAt(
        SIGNED_IN_FOLLOW_UPS.desktop,
        { pathname: '/views/my/myProject', searchParams: new URLSearchParams() },
        paid,
      ),
    ).toEqual([]);
  });
});
