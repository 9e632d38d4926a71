import type { ApplyStatus } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ticketPrintable } from './applications.js';
import { buildFlow } from './flow.js';

const flow = (status: ApplyStatus | null, feeInFen = 5000, hasOnlineExam = true) =>
  buildFlow({
    projectState: 'Applying',
    feeInFen,
    hasOnlineExam,
    status,
    reviewRemark: '照片不清晰',
    examScore: 80,
  });
const states = (f: ReturnType<typeof flow>) => f.Steps.map((s) => s.State).join(',');

describe('flow steps', () => {
  it('are apply → review → pay → print → exam → result', () => {
    expect(flow(null).Steps.map((s) => s.Key)).toEqual([
      'apply',
      'review',
      'pay',
      'print',
      'exam',
      'result',
    ]);
  });
  it('show one current step and the one next action for each status', () => {
    expect([states(flow(null)), flow(null).NextAction]).toEqual([
      'current,waiting,waiting,waiting,waiting,waiting',
      'apply',
    ]);
    expect([states(flow('Submitted')), flow('Submitted').NextAction]).toEqual([
      'done,current,waiting,waiting,waiting,waiting',
      'wait-review',
    ]);
    expect([states(flow('Approved')), flow('Approved').NextAction]).toEqual([
      'done,done,current,waiting,waiting,waiting',
      'pay',
    ]);
    // Issue 30, point 1: an online exam is entered without the printed ticket; the ticket waits.
    expect([states(flow('Paid')), flow('Paid').NextAction]).toEqual([
      'done,done,done,current,waiting,waiting',
      'exam',
    ]);
    expect(flow('Paid', 5000, false).NextAction).toBe('print');
    expect([states(flow('TicketIssued')), flow('TicketIssued').NextAction]).toEqual([
      'done,done,done,done,current,waiting',
      'exam',
    ]);
    expect([states(flow('Finished')), flow('Finished').NextAction]).toEqual([
      'done,done,done,done,done,done',
      'result',
    ]);
  });
  it('mark review failed when returned (modify) or rejected (nothing to do)', () => {
    expect(flow('Returned').Steps[1]).toMatchObject({
      State: 'failed',
      Description: '报名被退回修改：照片不清晰',
    });
    expect(flow('Returned').NextAction).toBe('modify');
    expect(flow('Rejected').NextAction).toBe('none');
  });
  it('skip pay for a free project; a venue exam is a step sat at the venue (issue 30, point 11)', () => {
    const free = flow('Approved', 0, false);
    expect(states(free)).toBe('done,done,skipped,current,waiting,waiting');
    expect(free.NextAction).toBe('print');
    const issued = flow('TicketIssued', 0, false);
    expect(states(issued)).toBe('done,done,skipped,done,current,waiting');
    expect(issued.NextAction).toBe('none');
    expect(issued.Steps.find((s) => s.Key === 'exam')!.Description).toBe(
      '线下考试，请按准考证时间到考点参加',
    );
    // The result is not "in progress" months before the exam.
    expect(issued.Steps.find((s) => s.Key === 'result')).toMatchObject({
      State: 'waiting',
      Description: '考试结束后公布',
    });
  });
  it('the score is said once, by the page, not again in the result step (issue 30, point 11)', () => {
    const result = flow('Finished').Steps.find((s) => s.Key === 'result')!;
    expect(result.Description).toBe('成绩已公布');
  });
  it('offer nothing to apply for when the project is not applying', () => {
    expect(
      buildFlow({
        projectState: 'Closed',
        feeInFen: 0,
        hasOnlineExam: false,
        status: null,
        reviewRemark: null,
        examScore: null,
      }).NextAction,
    ).toBe('none');
  });
});

describe('the ticket stays reachable', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const project = (examEnd: string | null) => ({
    feeInFen: 5000,
    examStartAt: examEnd ? new Date(examEnd) : null,
    examEndAt: examEnd ? new Date(examEnd) : null,
    ticketOpensAt: null as Date | null,
  });
  it('once printable, until its exam has ended', () => {
    expect(ticketPrintable('TicketIssued', project('2026-06-10T00:00:00Z'), now)).toBe(true);
    expect(ticketPrintable('Paid', project(null), now)).toBe(true);
    expect(ticketPrintable('Finished', project('2026-06-10T00:00:00Z'), now)).toBe(true);
    expect(ticketPrintable('TicketIssued', project('2026-05-30T00:00:00Z'), now)).toBe(false);
    expect(ticketPrintable('Approved', project(null), now)).toBe(false);
    expect(ticketPrintable('Approved', { ...project(null), feeInFen: 0 }, now)).toBe(true);
    expect(ticketPrintable('Submitted', project(null), now)).toBe(false);
  });
  it('from the project’s ticket time, when it names one', () => {
    const opensAt = (at: string) => ({ ...project(null), ticketOpensAt: new Date(at) });
    expect(ticketPrintable('Paid', opensAt('2026-06-02T00:00:00Z'), now)).toBe(false);
    expect(ticketPrintable('Paid', opensAt('2026-06-01T00:00:00Z'), now)).toBe(true);
    // One printed already stays printable.
    expect(ticketPrintable('TicketIssued', opensAt('2026-06-02T00:00:00Z'), now)).toBe(true);
  });
  it('after paying, the print step no longer says it waits for payment', () => {
    const print = (status: ApplyStatus) =>
      flow(status).Steps.find((s) => s.Key === 'print')!.Description;
    expect(print('Paid')).toBe('准考证已开放打印；在线考试无需打印准考证，可直接参加');
    expect(flow('Paid', 5000, false).Steps.find((s) => s.Key === 'print')!.Description).toBe(
      '准考证已开放打印，请打印并妥善保管',
    );
    expect(print('TicketIssued')).toContain('可随时再次打印');
    expect(print('Approved')).toBe('缴费成功后可打印准考证');
  });
  it('before the project’s ticket time, a paid venue candidate is told when, with nothing to press', () => {
    const waiting = buildFlow({
      projectState: 'Closed',
      feeInFen: 5000,
      hasOnlineExam: false,
      status: 'Paid',
      reviewRemark: null,
      examScore: null,
      ticketOpensLater: new Date('2027-03-01T01:00:00Z'),
    });
    expect(waiting.NextAction).toBe('none');
    expect(waiting.Steps.find((s) => s.Key === 'print')).toMatchObject({
      State: 'current',
      Description: '准考证将于 2027-03-01 09:00 起开放打印，届时将短信通知您',
    });
    expect(flow('Paid', 5000, false).NextAction).toBe('print');
  });
  it('the pay step asks to pay once approved, not to wait for approval (issue 30, point 11)', () => {
    const pay = (status: ApplyStatus) =>
      flow(status).Steps.find((s) => s.Key === 'pay')!.Description;
    expect(pay('Submitted')).toBe('报名费 50.00 元，审核通过后缴纳');
    expect(pay('Approved')).toBe('审核已通过，请缴纳报名费 50.00 元');
    expect(pay('Paid')).toBe('报名费已缴纳');
  });
});
