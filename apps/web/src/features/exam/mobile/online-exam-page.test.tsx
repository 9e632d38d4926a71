import { getAttemptPaper, reportLeave, saveAnswers, submitAnswer } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { answerDraftKey, readAnswerDraft } from '../answer-draft';
import { paths, personalStorage } from '../../../platform';
import { examServer, MINUTE } from '../exam-test-server';
import OnlineExamPage from './online-exam-page';

setUpScreenTests();

const PATH = paths.onlineExam({ ProjectId: 3, ApplyId: 7 });

const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^第${n}题`) });
const option = (n: number, text: string) =>
  within(question(n)).getByRole(n === 2 ? 'checkbox' : 'radio', { name: new RegExp(text) });
const saveStatus = () => screen.getByRole('status', { name: '' });

async function startExam() {
  fireEvent.click(await screen.findByRole('button', { name: '开始答题' }));
  await screen.findByRole('timer');
}

beforeEach(() => signIn());
afterEach(() => vi.useRealTimers());

describe('onlineExam: the attempt lives on the server', () => {
  it('before starting: the facts and the rules, and no question is fetched', async () => {
    const exam = examServer();
    renderScreen(OnlineExamPage, PATH);
    expect(
      await screen.findByRole('heading', { name: '企业人力资源管理师（三级）在线考试' }),
    ).toBeTruthy();
    expect(screen.getByText('3题')).toBeTruthy();
    expect(screen.getByText('10分')).toBeTruthy();
    expect(screen.getByText('01:00:00')).toBeTruthy();
    expect(screen.getByText(/以服务器时间为准/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(exam.server.calls(getAttemptPaper)).toHaveLength(0);
  });

  it('approved extra time (合理便利) is said on the intro and is the time shown', async () => {
    examServer({ extraTimePercent: 30 });
    renderScreen(OnlineExamPage, PATH);
    expect(
      await screen.findByText('你已获批延长考试时间 30%（合理便利），本场考试时长 78 分钟。'),
    ).toBeTruthy();
    expect(screen.getAllByText('01:18:00').length).toBeGreaterThan(0);
  });

  it('options are lettered by position, whatever their keys; choices are sent as keys', async () => {
    const exam = examServer();
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    const first = within(question(1)).getAllByRole('radio');
    expect(first.map((r) => r.closest('label')?.textContent)).toEqual(['A两个月', 'B一个月']);
    fireEvent.click(option(1, '一个月'));
    fireEvent.click(option(2, '养老保险'));
    fireEvent.click(option(2, '医疗保险'));
    fireEvent.change(within(question(3)).getByRole('textbox'), { target: { value: ' 119' } });
    await waitFor(() => expect(exam.attempt?.Revision).toBe(4), { timeout: 4000 });
    expect(exam.attempt?.Answers).toEqual([
      { QuestionId: 11, Choices: ['A'] },
      // In the order shown.
      { QuestionId: 12, Choices: ['C', 'A'] },
      { QuestionId: 13, Choices: [' 119'] },
    ]);
    // One debounced save for the burst of changes.
    expect(exam.server.calls(saveAnswers)).toHaveLength(1);
    expect(saveStatus().textContent).toContain('已保存');
  });

  it('a device clock 10 minutes wrong does not change the countdown', async () => {
    const realNow = Date.now();
    const exam = examServer({ serverNow: () => realNow });
    exam.startedAgo(5 * MINUTE);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(realNow + 10 * MINUTE));
    renderScreen(OnlineExamPage, PATH);
    // 55 minutes left on the server's clock, not 45 as the device's would say.
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/00:5[45]:\d\d/));
  });

  it('another device resumes the same attempt: its answers and its deadline', async () => {
    const exam = examServer();
    exam.startedAgo(20 * MINUTE, [{ QuestionId: 12, Choices: ['A', 'B'] }]);
    renderScreen(OnlineExamPage, PATH);
    await screen.findByRole('timer');
    expect(screen.getByRole('timer').textContent).toMatch(/00:(39|40):\d\d/);
    expect((option(2, '养老保险') as HTMLInputElement).checked).toBe(true);
    expect((option(2, '商业保险') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('已答 1/3')).toBeTruthy();
  });

  it('offline: answers stay on the device, the screen says so, and they go when back online', async () => {
    const exam = examServer();
    let offline = false;
    const online = exam.server.fetchMock.getMockImplementation()!;
    exam.server.fetchMock.mockImplementation((input, init) =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init),
    );
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    offline = true;
    fireEvent.click(option(1, '两个月'));
    await waitFor(
      () =>
        expect(saveStatus().textContent).toContain('网络已断开，答案已保存在本机，恢复后自动同步'),
      { timeout: 4000 },
    );
    expect(readAnswerDraft(7)?.choices).toEqual({ 11: ['B'] });
    expect(exam.attempt?.Answers).toEqual([]);

    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(saveStatus().textContent).toContain('已保存'));
    expect(exam.attempt?.Answers).toEqual([{ QuestionId: 11, Choices: ['B'] }]);
  });

  it('answers kept offline before a reload are sent when the exam opens again', async () => {
    const exam = examServer();
    exam.startedAgo(MINUTE);
    personalStorage.write(
      answerDraftKey(7),
      JSON.stringify({
        startedAt: exam.attempt!.StartedAt,
        revision: 3,
        synced: 0,
        choices: { 11: ['A'] },
        flagged: [12],
      }),
    );
    renderScreen(OnlineExamPage, PATH);
    await screen.findByRole('timer');
    await waitFor(() => expect(exam.attempt?.Revision).toBe(3));
    expect(exam.attempt).toMatchObject({
      Answers: [{ QuestionId: 11, Choices: ['A'] }],
      Flagged: [12],
    });
  });

  it('flags a question for review on the answer card', async () => {
    examServer();
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    fireEvent.click(within(question(2)).getByRole('button', { name: '标记待检查' }));
    fireEvent.click(screen.getByRole('button', { name: '答题卡' }));
    expect(screen.getByRole('button', { name: '第2题，未作答，已标记待检查' })).toBeTruthy();
  });

  it('the server judges each absence: 3 seconds away is logged, not counted; 10 seconds is counted; both are said', async () => {
    const clock = { now: Date.now() };
    const exam = examServer({ serverNow: () => clock.now, leaveLimit: 3 });
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    // Before any absence: the rule, said where the paper starts.
    expect(
      screen.getByText(
        /超过 5 秒将被记录，来电、通知弹窗、刷新页面等短暂离开不计；超过 3 次将自动交卷/,
      ),
    ).toBeTruthy();
    const events = () => exam.server.calls(reportLeave).map((c) => c.input.Event);
    // The opened page reports that it is in view.
    await waitFor(() => expect(events()).toEqual(['Back']));

    // A notification takes the focus for 3 seconds (issue 29).
    fireEvent.blur(window);
    clock.now += 3000;
    fireEvent.focus(window);
    const alert = await screen.findByText(/你刚才离开考试页面 3 秒，未超过 5 秒，不计入/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('离开 3 秒，不计')).toBeTruthy();
    expect(screen.getByText('离开超过 5 秒才记录')).toBeTruthy();
    expect(saveStatus().textContent).not.toContain('离开考试页面');
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByText(/你刚才离开考试页面/)).toBeNull();

    // Away for 10 seconds: blurred, then hidden too — one absence, one Hidden report.
    fireEvent.blur(window);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    clock.now += 10_000;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    fireEvent.focus(window);
    await waitFor(() => expect(saveStatus().textContent).toContain('离开考试页面 1 次'));
    expect(
      screen.getByText(/你刚才离开考试页面 10 秒，已记录（共 1 次）。再记录 3 次将自动交卷/),
    ).toBeTruthy();
    expect(screen.getByText('离开 10 秒，已记录')).toBeTruthy();
    expect(events()).toEqual(['Back', 'Hidden', 'Back', 'Hidden', 'Back']);
  });

  it('submits once (double tap), with the last answers, and shows score, time used and review', async () => {
    const exam = examServer();
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    fireEvent.click(option(1, '一个月'));
    fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
    fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
    const confirm = await screen.findByRole('button', { name: '确认交卷' });
    expect(screen.getByText(/还有 2 题未作答/)).toBeTruthy();
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(screen.getByText(/^用时/)).toBeTruthy();
    expect(await screen.findByText('答题情况')).toBeTruthy();
    expect(screen.getAllByText('正确')).toHaveLength(1);
    expect(exam.server.calls(submitAnswer)).toHaveLength(1);
    expect(exam.server.calls(submitAnswer)[0]?.input).toMatchObject({
      ApplyId: 7,
      Revision: 1,
      Answers: [{ QuestionId: 11, Choices: ['A'] }],
    });
    expect(personalStorage.read(answerDraftKey(7))).toBeNull();
  });

  it('when the server time is up the answers are submitted automatically, once', async () => {
    const exam = examServer();
    exam.startedAgo(60 * MINUTE - 1500, [{ QuestionId: 11, Choices: ['A'] }]);
    renderScreen(OnlineExamPage, PATH);
    await screen.findByRole('timer');
    await waitFor(() => expect(exam.server.calls(submitAnswer)).toHaveLength(1), {
      timeout: 4000,
    });
    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(exam.attempt?.Score).toBe(4);
    expect(exam.server.calls(submitAnswer)).toHaveLength(1);
  });

  it('an attempt the server already submitted (deadline) shows the result, not the paper', async () => {
    const exam = examServer();
    exam.startedAgo(2 * 60 * MINUTE, [{ QuestionId: 11, Choices: ['A'] }]);
    exam.finish('deadline');
    renderScreen(OnlineExamPage, PATH);
    expect(await screen.findByRole('heading', { name: '考试时间到，已自动交卷' })).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('link', { name: '返回报名流程' }).getAttribute('href')).toBe(
      paths.flowManage({ ProjectId: 3 }),
    );
  });
});
