import { getUserProject } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../platform';
import { fakeServer } from '../../testing/fake-server';
import { applySummary, paged } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import MyProjectPage from './my-project-page';

setUpScreenTests();

describe('desktop my/myProject', () => {
  it('links to the ticket exactly while the server says it can be printed', async () => {
    signIn();
    fakeServer().on(
      getUserProject,
      paged([
        applySummary({
          ApplyId: 1,
          ProjectTitle: '可打印',
          Status: 'TicketIssued',
          TicketPrintable: true,
        }),
        // Issued, but the exam is over: the server no longer offers the ticket.
        applySummary({
          ApplyId: 2,
          ProjectTitle: '已过期',
          Status: 'TicketIssued',
          TicketPrintable: false,
        }),
        applySummary({ ApplyId: 3, ProjectTitle: '审核中', Status: 'UnderReview' }),
      ]),
    );
    renderScreen(MyProjectPage, paths.myProject());
    const list = await screen.findByRole('list', { name: '我的项目' });
    const tickets = within(list).getAllByRole('link', { name: '查看准考证' });
    expect(tickets.map((link) => link.getAttribute('href'))).toEqual([paths.print({ ApplyId: 1 })]);
    expect(within(list).getByRole('link', { name: '已过期' })).toBeTruthy();
  });
});
