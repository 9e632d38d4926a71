import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { applySummary, flowView } from '../testing/fixtures';
import { flowNextStep, receiptLinksOf, ticketLinkOf } from './next-action';

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

describe('the receipts of an application (issue 30, point 17)', () => {
  const submitTime = '2026-11-20T02:00:00.000Z';
  it('offers the application’s receipt once it is submitted, and the exam’s once it is sat', () => {
    const submitted = applySummary({ ApplyId: 9, Status: 'Submitted', SubmitTime: submitTime });
    expect(receiptLinksOf(flowView('wait-review', submitted, 1))).toEqual([
      { to: paths.receipt({ ApplyId: 9, Kind: 'Apply' }), label: '报名回执' },
    ]);
    const sat = applySummary({
      ApplyId: 9,
      Status: 'Finished',
      SubmitTime: submitTime,
      HasOnlineExam: true,
    });
    expect(receiptLinksOf(flowView('result', sat, 5)).map((l) => l.label)).toEqual([
      '报名回执',
      '考试回执',
    ]);
  });
  it('offers none for a draft or before applying', () => {
    expect(receiptLinksOf(flowView('apply', null))).toEqual([]);
    const draft = applySummary({ ApplyId: 9, Status: 'Draft', SubmitTime: null });
    expect(receiptLinksOf(flowView('modify', draft, 0))).toEqual([]);
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
