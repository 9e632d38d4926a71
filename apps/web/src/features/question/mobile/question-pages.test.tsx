import {
  getProject,
  getProjectOpenAsk,
  getProjectUserAsk,
  questionSchema,
  submitAsk,
  type Question,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, refusal } from '../../testing/fake-server';
import { paged, projectDetail } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import QuestionMyPage from './question-my-page';
import QuestionPage from './question-page';
import QuestionSendPage from './question-send-page';
import { questionContentSchema } from '../question-rules';
import { paths } from '../../../platform';

setUpScreenTests();

function question(overrides: Partial<Question> = {}): Question {
  return questionSchema.parse({
    QuestionId: 1,
    ProjectId: 1,
    Content: '非应届毕业生可以报考吗？',
    AskerName: '李**',
    AskTime: '2026-03-02T10:00:00+08:00',
    Answer: '可以报考。',
    AnswerTime: '2026-03-03T10:00:00+08:00',
    ...overrides,
  });
}

const SEND = paths.questionSend({ ProjectId: 1 });

const questionProblem = (content: string) =>
  questionContentSchema.safeParse(content).error?.issues[0]?.message ?? null;

describe('the question length rule (5–500 characters, after trimming)', () => {
  it('refuses empty, 4 and 501 characters; accepts 5 and 500', () => {
    expect(questionProblem('   ')).toBe('请输入问题内容');
    expect(questionProblem('  四个字啊  ')).toBe('问题至少5个字');
    expect(questionProblem('五个字问题')).toBeNull();
    expect(questionProblem('问'.repeat(500))).toBeNull();
    expect(questionProblem('问'.repeat(501))).toBe('问题最多500个字');
  });

  it('states the rule, refuses a short question before sending, and sends nothing', async () => {
    signIn();
    const server = fakeServer().on(getProject, projectDetail()).on(submitAsk, question());
    renderScreen(QuestionSendPage, SEND);
    expect(screen.getByText(/请用5–500个字描述您的问题/)).toBeTruthy();
    const box = screen.getByLabelText('您的问题');
    fireEvent.change(box, { target: { value: '能报吗' } });
    fireEvent.click(screen.getByRole('button', { name: '提交问题' }));
    expect((await screen.findByRole('alert')).textContent).toBe('问题至少5个字');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(server.calls(submitAsk)).toHaveLength(0);
  });

  it('sends a valid question once, however often the button is tapped, then shows my questions', async () => {
    signIn();
    let answer: (value: Response) => void = () => undefined;
    const server = fakeServer()
      .on(getProject, projectDetail())
      .on(
        submitAsk,
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      );
    renderScreen(QuestionSendPage, SEND);
    fireEvent.change(screen.getByLabelText('您的问题'), {
      target: { value: '  非应届毕业生可以报考吗？  ' },
    });
    const button = screen.getByRole('button', { name: '提交问题' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(server.calls(submitAsk)).toHaveLength(1));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    fireEvent.click(button);
    expect(server.calls(submitAsk)[0]!.input).toEqual({
      ProjectId: 1,
      Content: '非应届毕业生可以报考吗？',
    });
    answer(
      new Response(JSON.stringify({ ErrCode: 0, ErrMsg: '', Data: question({ Answer: null }) })),
    );
    expect((await screen.findByTestId('location')).textContent).toBe(
      paths.questionMy({ ProjectId: 1 }),
    );
    expect(server.calls(submitAsk)).toHaveLength(1);
  });

  it('keeps what was typed when the server refuses it', async () => {
    signIn();
    const server = fakeServer()
      .on(getProject, projectDetail())
      .on(submitAsk, () => refusal(409, '提问过于频繁，请稍后再试'));
    renderScreen(QuestionSendPage, SEND);
    const box = screen.getByLabelText('您的问题') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '非应届毕业生可以报考吗？' } });
    fireEvent.click(screen.getByRole('button', { name: '提交问题' }));
    await waitFor(() => expect(server.calls(submitAsk)).toHaveLength(1));
    // The HTTP layer shows the refusal (§8); the screen keeps the text and allows another try.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '提交问题' }).hasAttribute('disabled')).toBe(false),
    );
    expect(box.value).toBe('非应届毕业生可以报考吗？');
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('home/question and home/questionMy', () => {
  it('lists a project’s open questions with their answers', async () => {
    fakeServer().on(getProjectOpenAsk, paged([question()]));
    renderScreen(QuestionPage, paths.question({ ProjectId: 1 }));
    const list = await screen.findByRole('list', { name: '咨询问答' });
    expect(within(list).getByText('非应届毕业生可以报考吗？')).toBeTruthy();
    expect(within(list).getByText('可以报考。')).toBeTruthy();
  });

  it('shows my questions with the answer or 待回复, for the project asked', async () => {
    signIn();
    const server = fakeServer().on(
      getProjectUserAsk,
      paged([question(), question({ QuestionId: 2, Content: '需要户籍吗？', Answer: null })]),
    );
    renderScreen(QuestionMyPage, paths.questionMy({ ProjectId: 1 }));
    const list = await screen.findByRole('list', { name: '我的提问' });
    expect(within(list).getByText('可以报考。')).toBeTruthy();
    expect(within(list).getByText('待回复')).toBeTruthy();
    expect(server.calls(getProjectUserAsk)[0]!.input).toMatchObject({ ProjectId: '1' });
  });

  it('asks an anonymous visitor to sign in before showing their questions', async () => {
    const server = fakeServer().on(getProjectUserAsk, paged([]));
    renderScreen(QuestionMyPage, paths.questionMy());
    expect(await screen.findByText('登录后查看我的提问')).toBeTruthy();
    expect(server.calls(getProjectUserAsk)).toHaveLength(0);
  });
});
