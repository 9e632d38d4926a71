import { reportLeave, saveAnswers } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../platform';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { examServer, MINUTE } from '../exam-test-server';
import OnlineExamDesktopPage from './online-exam-page';

setUpScreenTests();
beforeEach(() => signIn());

const PATH = paths.onlineExam({ ApplyId: 7 });
const key = (k: string) => fireEvent.keyDown(window, { key: k });
const currentQuestion = () => screen.getByRole('heading', { level: 3 }).textContent;

describe('desktop onlineExam: the same attempt on a two-column sheet', () => {
  it('shows the countdown and the answer card beside the question', async () => {
    const exam = examServer();
    exam.startedAgo(10 * MINUTE);
    renderScreen(OnlineExamDesktopPage, PATH);
    expect((await screen.findByRole('timer')).textContent).toMatch(/00:(49|50):\d\d/);
    const card = screen.getByRole('complementary', { name: '答题卡' });
    expect(within(card).getAllByRole('button', { name: /^第\d题/ })).toHaveLength(3);
    expect(within(card).getByRole('button', { name: '交卷（已答 0/3）' })).toBeTruthy();
  });

  it('approved extra time (合理便利) is said on the intro and is the time shown', async () => {
    examServer({ extraTimePercent: 30 });
    renderScreen(OnlineExamDesktopPage, PATH);
    expect(
      await screen.findByText('你已获批延长考试时间 30%（合理便利），本场考试时长 78 分钟。'),
    ).toBeTruthy();
    expect(screen.getByText('01:18:00')).toBeTruthy();
  });

  it('leaving through the site menu asks first, and stays on 继续答题 (issue 29)', async () => {
    const exam = examServer();
    exam.startedAgo(MINUTE);
    const { router } = renderScreen(OnlineExamDesktopPage, PATH);
    await screen.findByRole('timer');
    void router.navigate(paths.my());
    const ask = await screen.findByRole('dialog', { name: '离开考试页面？' });
    expect(ask.textContent).toContain('离开不会暂停计时');
    expect(ask.textContent).toContain('离开考试页面超过 5 秒将被记录');
    fireEvent.click(within(ask).getByRole('button', { name: '继续答题' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(new URL(PATH, 'http://x').pathname),
    );
    expect(screen.getByRole('timer')).toBeTruthy();
    void router.navigate(paths.my());
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '离开考试页面？' })).getByRole('button', {
        name: '离 开',
      }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe(paths.my());
    // Out of the exam: the server is told, and judges the absence when the candidate is back.
    await waitFor(() =>
      expect(exam.server.calls(reportLeave).at(-1)?.input).toMatchObject({ Event: 'Hidden' }),
    );
  });

  it('number keys choose the option at that position; arrows move between questions', async () => {
    const exam = examServer();
    exam.startedAgo(MINUTE);
    renderScreen(OnlineExamDesktopPage, PATH);
    await screen.findByRole('timer');
    expect(currentQuestion()).toMatch(/试用期/);
    key('2');
    // Second option shown (一个月) is key A in this attempt's order.
    expect((screen.getByRole('radio', { name: /一个月/ }) as HTMLInputElement).checked).toBe(true);
    key('ArrowRight');
    expect(currentQuestion()).toMatch(/社会保险/);
    key('1');
    key('2');
    key('1');
    expect((screen.getByRole('checkbox', { name: /医疗保险/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByRole('checkbox', { name: /养老保险/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    key('ArrowLeft');
    expect(currentQuestion()).toMatch(/试用期/);
    await waitFor(() => expect(exam.server.calls(saveAnswers).length).toBeGreaterThan(0), {
      timeout: 4000,
    });
    await waitFor(() =>
      expect(exam.attempt?.Answers).toEqual([
        { QuestionId: 11, Choices: ['A'] },
        { QuestionId: 12, Choices: ['A'] },
      ]),
    );
  });

  it('typing a blank is text, not shortcuts', async () => {
    const exam = examServer();
    exam.startedAgo(MINUTE);
    renderScreen(OnlineExamDesktopPage, PATH);
    await screen.findByRole('timer');
    fireEvent.click(screen.getByRole('button', { name: /^第3题/ }));
    const box = screen.getByRole('textbox');
    fireEvent.keyDown(box, { key: '1' });
    fireEvent.change(box, { target: { value: '119' } });
    expect(currentQuestion()).toMatch(/火警电话/);
    expect((box as HTMLInputElement).value).toBe('119');
  });
});
