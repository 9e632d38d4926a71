import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { applySummary, flowView } from '../testing/fixtures';
import { ticketPathOf } from './next-action';

describe('the way back to a printed ticket', () => {
  it('stays beside another next step while the ticket is valid', () => {
    const issued = applySummary({ ApplyId: 9, Status: 'TicketIssued', TicketPrintable: true });
    expect(ticketPathOf(flowView('none', issued, 5))).toBe(paths.print({ ApplyId: 9 }));
    expect(ticketPathOf(flowView('exam', issued, 4))).toBe(paths.print({ ApplyId: 9 }));
  });
  it('is not repeated when the main button prints, nor offered once the ticket is no longer valid', () => {
    const paid = applySummary({ ApplyId: 9, Status: 'Paid', TicketPrintable: true });
    expect(ticketPathOf(flowView('print', paid, 3))).toBeNull();
    const over = applySummary({ ApplyId: 9, Status: 'TicketIssued', TicketPrintable: false });
    expect(ticketPathOf(flowView('none', over, 5))).toBeNull();
    expect(ticketPathOf(flowView('apply', null))).toBeNull();
  });
});
