import {
  getExamine,
  saveAnswers,
  savePractice,
  startAttempt,
  startPractice,
  submitAnswer,
  submitPractice,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { answerDraftKey } from '../answer-draft';
import { paths, personalStorage } from '../../../platform';
import { examServer, PRACTICE_TITLE } from '../exam-test-server';
import OnlineExamPage from './online-exam-page';

setUpScreenTests();
beforeEach(() => signIn());

const EXAM = paths.onlineExam({ ProjectId: 3, ApplyId: 7 });
const PRACTICE = paths.onlineExam({ ProjectId: 3, ApplyId: 7, Practice: 1 });

describe('onlineExam ?Practice=1: a practice attempt that scores nothing (issue 30, point 19)', () => {
  it('the exam intro offers 先做一次练习, leading to the practice page', async () => {
    examServer();
    renderScreen(OnlineExamPage, EXAM);
    const link = await screen.findByRole('link', { name: '先做一次练习' });
    expect(link.getAttribute('href')).toBe(PRACTICE);
  });

  it('the intro checks the device in plain words before 开始练习', async () => {
    const exam = examServer();
    renderScreen(OnlineExamPage, PRACTICE);
    expect(await screen.findByRole('heading', { name: PRACTICE_TITLE })).toBeTruthy();
    expect(screen.getByText('练习模式（不计分）')).toBeTruthy();
    expect(await screen.findByText(/^正常（往返 \d+ 毫秒）$/)).toBeTruthy();
    expect(screen.getByText(/^本机时间与服务器相差 .+，计时以服务器为准$/)).toBeTruthy();
    expect(screen.getByText(/像素，可以完整显示试卷$/)).toBeTruthy();
    expect(screen.getByText('可用，断网时答案先保存在本机')).toBeTruthy();
    expect(screen.getByText('设备检测通过，可以开始练习。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始练习' })).toBeTruthy();
    // Nothing of the real exam is asked for or started.
    expect(exam.server.calls(getExamine)).toHaveLength(0);
    expect(exam.server.calls(startPractice)).toHaveLength(0);
  });

  it('runs on the exam sheet, saves and submits through the practice calls only', async () => {
    const exam = examServer();
    personalStorage.write(answerDraftKey(7), 'the real draft');
    renderScreen(OnlineExamPage, PRACTICE);
    fireEvent.click(await screen.findByRole('button', { name: '开始练习' }));
    await screen.findByRole('timer');
    expect(screen.getByRole('note').textContent).toContain('练习模式（不计分）');
    const first = screen.getByRole('group', { name: /^第1题/ });
    expect(first.textContent).not.toMatch(/0分/);
    fireEvent.click(within(first).getByRole('radio', { name: /自动同步/ }));
    await waitFor(() => expect(exam.practice?.Revision).toBe(1), { timeout: 4000 });
    expect(exam.server.calls(savePractice)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确认交卷' }));
    expect(await screen.findByRole('heading', { name: '练习已结束，不计成绩' })).toBeTruthy();
    expect(exam.server.calls(submitPractice)).toHaveLength(1);
    for (const real of [startAttempt, saveAnswers, submitAnswer])
      expect(exam.server.calls(real)).toHaveLength(0);
    expect(exam.attempt).toBeNull();
    expect(personalStorage.read(answerDraftKey(7))).toBe('the real draft');
    expect(personalStorage.read(answerDraftKey(7, true))).toBeNull();
    expect(screen.getByRole('link', { name: '返回考试' }).getAttribute('href')).toBe(EXAM);
  });

  it('再练一次 starts over from the intro, with a new practice attempt', async () => {
    const exam = examServer();
    renderScreen(OnlineExamPage, PRACTICE);
    fireEvent.click(await screen.findByRole('button', { name: '开始练习' }));
    await screen.findByRole('timer');
    fireEvent.click(screen.getByRole('button', { name: /^交卷/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确认交卷' }));
    fireEvent.click(await screen.findByRole('button', { name: '再练一次' }));
    fireEvent.click(await screen.findByRole('button', { name: '开始练习' }));
    await screen.findByRole('timer');
    expect(exam.practices).toBe(2);
    expect(screen.getByText('已答 0/2')).toBeTruthy();
  });
});
