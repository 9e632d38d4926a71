import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { applySummary, flowView } from '../testing/fixtures';
import { ticketLinkOf } from './next-action';

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
