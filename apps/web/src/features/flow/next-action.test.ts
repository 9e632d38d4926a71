import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { applySummary, flowView } from '../testing/fixtures';
import { flowNextStep, ticketLinkOf } from './next-action';

describe('the way to the ticket beside another next step', () => {
  it('stays beside another next step while the ticket is valid', () => {
    const issued = applySummary({ ApplyId: 9, Status: 'TicketIssued', TicketPrintable: true });
    const view = { to: paths.print({ ApplyId: 9 }), label: '查看准考证' };
    expect(ticketLinkOf(flowView('none', issued, 5))).toEqual(view);
    expect(ticketLinkOf(flowView('exam', issued, 4))).toEqual(view);
  });
  it('says 打印准考证 beside 参加考试 until the ticket is first printed (issue 30, point 1)', () => {
    const paid = applySummary({ ApplyId: 9, Status: 'Paid', TicketPrintable: true });
    expect(ticketLinkOf(flowView('exam', paid, 3))).toEqual({
      to: paths.print({ ApplyId: 9 }),
      label: '打印准考证',
    });
  });
  it('is not repeated when the main button prints, nor offered once the ticket is no longer valid', () => {
    const paid = applySummary({ ApplyId: 9, Status: 'Paid', TicketPrintable: true });
    expect(ticketLinkOf(flowView('print', paid, 3))).toBeNull();
    const over = applySummary({ ApplyId: 9, Status: 'TicketIssued', TicketPrintable: false });
    expect(ticketLinkOf(flowView('none', over, 5))).toBeNull();
    expect(ticketLinkOf(flowView('apply', null))).toBeNull();
  });
});

describe('考试结果 as the next step (issue 30, point 18)', () => {
  it('leads to the score page, which says the score once and takes a 复核', () => {
    const finished = applySummary({ ApplyId: 9, Status: 'Finished', ExamScore: 90 });
    expect(flowNextStep(3, flowView('result', finished, 6), 'mobile')).toEqual({
      kind: 'go',
      label: '查看成绩',
      to: paths.score({ ApplyId: 9 }),
    });
  });
});
