import { examPaperSchema, getExamine, submitAnswer, type ExamPaper } from '@portal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, refusal } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { paths, personalStorage } from '../../../platform';
import { examDraftKey, readExamDraft } from '../exam-draft';
import OnlineExamPage from './online-exam-page';

setUpScreenTests();

const PATH = paths.onlineExam({ ProjectId: 3, ApplyId: 7 });

function paper(overrides: Partial<ExamPaper> = {}): ExamPaper {
  return examPaperSchema.parse({
    ExamId: 1,
    ApplyId: 7,
    Title: '企业人力资源管理师（三级）在线考试',
    DurationSeconds: 3600,
    StartTime: null,
    EndTime: null,
    TotalScore: 10,
    Questions: [
      {
        QuestionId: 11,
        Type: 'single',
        Content: '劳动合同期限三个月以上不满一年的，试用期不得超过多久？',
        Options: [
          { Key: 'A', Text: '一个月' },
          { Key: 'B', Text: '两个月' },
        ],
        Score: 4,
      },
      {
        QuestionId: 12,
        Type: 'multiple',
        Content: '下列哪些属于社会保险？',
        Options: [
          { Key: 'A', Text: '养老保险' },
          { Key: 'B', Text: '商业保险' },
          { Key: 'C', Text: '医疗保险' },
        ],
        Score: 4,
      },
      {
        QuestionId: 13,
        Type: 'judge',
        Content: '用人单位可以扣押劳动者的居民身份证。',
        Options: [
          { Key: 'A', Text: '正确' },
          { Key: 'B', Text: '错误' },
        ],
        Score: 2,
      },
    ],
    Submitted: false,
    Score: null,
    ...overrides,
  });
}

const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^第${n}题`) });
const option = (n: number, text: string) =>
  within(question(n)).getByRole(n === 2 ? 'checkbox' : 'radio', { name: new RegExp(text) });

async function startExam() {
  fireEvent.click(await screen.findByRole('button', { name: '开始答题' }));
  await screen.findByRole('timer');
}

async function confirmSubmit() {
  fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
  return screen.findByRole('button', { name: '确认交卷' });
}

beforeEach(() => signIn());
afterEach(() => vi.useRealTimers());

describe('onlineExam: answers kept on the phone, submitted once', () => {
  it('before starting: title, number of questions, total score, duration hh:mm:ss and the rules', async () => {
    const server = fakeServer().on(getExamine, paper());
    renderScreen(OnlineExamPage, PATH);
    expect(await screen.findByRole('heading', { name: paper().Title })).toBeTruthy();
    expect(screen.getByText('3题')).toBeTruthy();
    expect(screen.getByText('10分')).toBeTruthy();
    expect(screen.getByText('01:00:00')).toBeTruthy();
    expect(screen.getByText(/立即保存在本手机上/)).toBeTruthy();
    expect(screen.getByText(/只能提交一次/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(server.calls(getExamine)[0]?.input).toEqual({ ApplyId: '7' });
  });

  it('an exam already submitted shows the score and no way to answer', async () => {
    fakeServer().on(getExamine, paper({ Submitted: true, Score: 8 }));
    renderScreen(OnlineExamPage, PATH);
    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(screen.getByText('8')).toBeTruthy();
    expect(screen.getByText('/ 10分')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开始答题' })).toBeNull();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('link', { name: '返回报名流程' }).getAttribute('href')).toBe(
      paths.flowManage({ ProjectId: 3 }),
    );
  });

  it('every choice is saved at once: a reload (remount) finds the answers still chosen', async () => {
    fakeServer().on(getExamine, paper());
    const first = renderScreen(OnlineExamPage, PATH);
    await startExam();
    fireEvent.click(option(1, '两个月'));
    fireEvent.click(option(2, '养老保险'));
    fireEvent.click(option(2, '医疗保险'));
    expect(readExamDraft(7)?.choices).toEqual({ 11: ['B'], 12: ['A', 'C'] });
    expect(screen.getByText('已答 2/3')).toBeTruthy();
    first.unmount();

    renderScreen(OnlineExamPage, PATH);
    await screen.findByRole('timer');
    expect((option(1, '两个月') as HTMLInputElement).checked).toBe(true);
    expect((option(1, '一个月') as HTMLInputElement).checked).toBe(false);
    expect((option(2, '养老保险') as HTMLInputElement).checked).toBe(true);
    expect((option(2, '医疗保险') as HTMLInputElement).checked).toBe(true);
    expect((option(3, '正确') as HTMLInputElement).checked).toBe(false);
  });

  it('the clock runs from the start kept on the phone: a reload does not reset it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T09:00:00+08:00'));
    fakeServer().on(getExamine, paper());
    const first = renderScreen(OnlineExamPage, PATH);
    await startExam();
    expect(screen.getByRole('timer').textContent).toContain('01:00:00');
    first.unmount();

    vi.setSystemTime(new Date('2026-05-01T09:10:30+08:00'));
    renderScreen(OnlineExamPage, PATH);
    expect((await screen.findByRole('timer')).textContent).toContain('00:49:30');
  });

  it('the clock is capped by the exam’s end time', async () => {
    const end = new Date(Date.now() + 5 * 60_000).toISOString();
    fakeServer().on(getExamine, paper({ EndTime: end }));
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    expect(screen.getByRole('timer').textContent).toMatch(/00:0[45]:\d\d/);
  });

  it('submit names the unanswered, then sends exactly the chosen answers once (double tap)', async () => {
    const server = fakeServer()
      .on(getExamine, paper())
      .on(submitAnswer, { Score: 4, TotalScore: 10 });
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    fireEvent.click(option(1, '两个月'));
    fireEvent.click(option(2, '医疗保险'));
    fireEvent.click(option(2, '养老保险'));

    fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
    fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
    const confirm = await screen.findByRole('button', { name: '确认交卷' });
    expect(screen.getByText(/还有 1 题未作答/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '确认交卷' })).toHaveLength(1);
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(server.calls(submitAnswer)).toHaveLength(1);
    expect(server.calls(submitAnswer)[0]?.input).toEqual({
      ApplyId: 7,
      Answers: [
        { QuestionId: 11, Choices: ['B'] },
        { QuestionId: 12, Choices: ['A', 'C'] },
        { QuestionId: 13, Choices: [] },
      ],
    });
    expect(personalStorage.read(examDraftKey(7))).toBeNull();
  });

  it('a network failure keeps every answer and lets the candidate submit again', async () => {
    let offline = true;
    const server = fakeServer()
      .on(getExamine, paper())
      .on(submitAnswer, { Score: 10, TotalScore: 10 });
    const online = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation((input, init) =>
      offline && String(input).includes('SubmitAnswer')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : online(input, init),
    );
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    fireEvent.click(option(3, '错误'));
    fireEvent.click(await confirmSubmit());

    expect((await screen.findByRole('alert')).textContent).toMatch(
      /网络连接失败.*答案仍保存在本机/,
    );
    expect(readExamDraft(7)?.choices).toEqual({ 13: ['B'] });
    expect((option(3, '错误') as HTMLInputElement).checked).toBe(true);

    offline = false;
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(server.calls(submitAnswer)).toHaveLength(1);
    expect(readExamDraft(7)).toBeUndefined();
  });

  it('a 409 (already submitted) shows the result, not an error', async () => {
    let submitted = false;
    const server = fakeServer()
      .on(getExamine, () => paper(submitted ? { Submitted: true, Score: 6 } : {}))
      .on(submitAnswer, () => {
        submitted = true;
        return refusal(409, '答卷已提交，不能重复提交');
      });
    renderScreen(OnlineExamPage, PATH);
    await startExam();
    fireEvent.click(option(1, '一个月'));
    fireEvent.click(await confirmSubmit());

    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(screen.getByText('6')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls(submitAnswer)).toHaveLength(1);
  });

  it('when the time is up the answers are submitted automatically, once', async () => {
    personalStorage.write(
      examDraftKey(7),
      JSON.stringify({ startedAt: Date.now() - 3600_000 + 1500, choices: { 11: ['A'] } }),
    );
    let answer: (value: { Score: number; TotalScore: number }) => void = () => undefined;
    const server = fakeServer()
      .on(getExamine, paper())
      .on(submitAnswer, () => new Promise((resolve) => (answer = resolve)));
    renderScreen(OnlineExamPage, PATH);
    await screen.findByRole('timer');
    expect(server.calls(submitAnswer)).toHaveLength(0);

    await waitFor(() => expect(server.calls(submitAnswer)).toHaveLength(1), { timeout: 4000 });
    expect(screen.getByText('考试时间到，正在自动交卷…')).toBeTruthy();
    // Answers are locked once the time is up.
    expect((question(2) as HTMLFieldSetElement).disabled).toBe(true);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1200));
    });
    answer({ Score: 4, TotalScore: 10 });
    expect(await screen.findByRole('heading', { name: '答卷已提交' })).toBeTruthy();
    expect(server.calls(submitAnswer)).toHaveLength(1);
    expect(server.calls(submitAnswer)[0]?.input).toMatchObject({
      Answers: [
        { QuestionId: 11, Choices: ['A'] },
        { QuestionId: 12, Choices: [] },
        expect.anything(),
      ],
    });
  });

  it('a paper that cannot be loaded shows why, with a retry', async () => {
    let refused = true;
    fakeServer().on(getExamine, () =>
      refused ? refusal(409, '缴纳报名费后才能参加在线考试') : paper(),
    );
    renderScreen(OnlineExamPage, PATH);
    expect(await screen.findByText('缴纳报名费后才能参加在线考试')).toBeTruthy();
    refused = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '开始答题' })).toBeTruthy();
  });
});
