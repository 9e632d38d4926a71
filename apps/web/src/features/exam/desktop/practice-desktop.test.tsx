import { saveAnswers, submitAnswer, submitPractice } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../platform';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { examServer } from '../exam-test-server';
import OnlineExamDesktopPage from './online-exam-page';

setUpScreenTests();
beforeEach(() => signIn());

describe('desktop onlineExam ?Practice=1 (issue 30, point 19)', () => {
  it('the exam intro offers 先做一次练习', async () => {
    examServer();
    renderScreen(OnlineExamDesktopPage, paths.onlineExam({ ApplyId: 7 }));
    const link = await screen.findByRole('link', { name: '先做一次练习' });
    expect(link.getAttribute('href')).toBe(paths.onlineExam({ ApplyId: 7, Practice: 1 }));
  });

  it('checks the device, runs the sheet with its banner, and ends scoring nothing', async () => {
    const exam = examServer();
    renderScreen(OnlineExamDesktopPage, paths.onlineExam({ ApplyId: 7, Practice: 1 }));
    expect(await screen.findByText(/^正常（往返 \d+ 毫秒）$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开始练习' }));
    await screen.findByRole('timer');
    expect(screen.getByText('练习模式（不计分）')).toBeTruthy();
    const card = screen.getByRole('complementary', { name: '答题卡' });
    fireEvent.click(within(card).getByRole('button', { name: '交卷（已答 0/2）' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认交卷' }));
    expect(await screen.findByRole('heading', { name: '练习已结束，不计成绩' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '再练一次' })).toBeTruthy();
    expect(exam.server.calls(submitPractice)).toHaveLength(1);
    expect(exam.server.calls(saveAnswers)).toHaveLength(0);
    expect(exam.server.calls(submitAnswer)).toHaveLength(0);
  });
});
