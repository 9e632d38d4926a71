import { getApply, getUserProject } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../platform';
import { applySummary, flowView, paged } from '../../testing/fixtures';
import { fakeServer } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import MyFlowPage from './my-flow-page';

setUpScreenTests();
beforeEach(() => signIn());

const returned = applySummary({
  ApplyId: 1,
  ProjectId: 11,
  ProjectTitle: '教师招聘',
  Status: 'Returned',
  ReviewRemark: '证件照不清晰',
});
const issued = applySummary({
  ApplyId: 2,
  ProjectId: 12,
  ProjectTitle: '会计考试',
  Status: 'TicketIssued',
  HasOnlineExam: true,
  TicketPrintable: true,
});

describe('desktop my/myFlow: every application with its flow and its next action', () => {
  it('a returned one shows the remark and leads to its form; an issued ticket stays one click away', async () => {
    fakeServer()
      .on(getUserProject, paged([returned, issued]))
      .on(getApply, ({ ProjectId }) =>
        ProjectId === 11 ? flowView('modify', returned, 1) : flowView('exam', issued, 4),
      );
    renderScreen(MyFlowPage, paths.myFlow());

    const first = await screen.findByRole('article', { name: '教师招聘' });
    expect(within(first).getByText('退回修改')).toBeTruthy();
    expect((await within(first).findAllByText(/证件照不清晰/)).length).toBeGreaterThan(0);
    expect(within(first).getByRole('button', { name: '修改报名信息' })).toBeTruthy();
    const second = screen.getByRole('article', { name: '会计考试' });
    expect(await within(second).findByRole('button', { name: '参加考试' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: '查看准考证' })).toBeNull();

    fireEvent.click(within(second).getByRole('button', { name: '查看准考证' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.print({ ApplyId: 2 }));
  });

  it('with no application it says so and points to the projects', async () => {
    fakeServer().on(getUserProject, paged([]));
    renderScreen(MyFlowPage, paths.myFlow());
    expect(await screen.findByText('还没有报名任何项目')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去看看项目' })).toBeTruthy();
  });
});
