import { getScore, requestScoreReview, type ScoreView } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { fakeServer, refusal } from '../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../testing/render-screen';
import DesktopScorePage from './desktop/score-page';
import MobileScorePage from './mobile/score-page';

setUpScreenTests();

const PATH = paths.score({ ApplyId: 5 });
const UNPUBLISHED: ScoreView = {
  ApplyId: 5,
  ProjectId: 1,
  ProjectTitle: '2025年全国大学生数学竞赛（非数学类）初赛',
  PositionName: '非数学类A组',
  Published: false,
  ExpectedTime: '2026-12-01T02:00:00.000Z',
  PublishTime: null,
  Score: null,
  TotalScore: null,
  PassLine: null,
  Advances: null,
  ReviewStartTime: null,
  ReviewEndTime: null,
  CanRequestReview: false,
  ReviewClosedReason: '成绩公布后方可申请复核',
  Reviews: [],
  ServerTime: '2026-11-26T02:00:00.000Z',
};
const PUBLISHED: ScoreView = {
  ...UNPUBLISHED,
  Published: true,
  ExpectedTime: null,
  PublishTime: '2026-11-24T02:00:00.000Z',
  Score: 58,
  TotalScore: 100,
  PassLine: 60,
  Advances: false,
  ReviewStartTime: '2026-11-24T02:00:00.000Z',
  ReviewEndTime: '2026-11-29T02:00:00.000Z',
  CanRequestReview: true,
  ReviewClosedReason: null,
};
const REASON = '第三大题评分漏计步骤分，请复核';

describe.each([
  ['phone', MobileScorePage],
  ['desktop', DesktopScorePage],
] as const)('score on the %s', (_layout, Page) => {
  it('before publication says when results are expected, and no score', async () => {
    signIn();
    fakeServer().on(getScore, UNPUBLISHED);
    renderScreen(Page, PATH);
    await screen.findByText('成绩预计于 2026-12-01 10:00 公布，届时可在此查询。');
    expect(screen.queryByText(/满分/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: '复核理由' })).toBeNull();
  });

  it('shows the published score against the line, and files a 复核 with its reason', async () => {
    signIn();
    const server = fakeServer()
      .on(getScore, PUBLISHED)
      .on(requestScoreReview, (input) => ({
        ...PUBLISHED,
        CanRequestReview: false,
        ReviewClosedReason: '您已提交复核申请，请等待答复，不能重复提交',
        Reviews: [
          {
            ReviewId: 1,
            Status: 'Submitted' as const,
            Reason: input.Reason,
            SubmitTime: '2026-11-26T02:00:00.000Z',
            ScoreBefore: 58,
            ScoreAfter: null,
            Answer: null,
            AnswerTime: null,
          },
        ],
      }));
    renderScreen(Page, PATH);
    await screen.findByText('58 分（满分 100 分）');
    screen.getByText('未达到合格线（60 分），未进入下一环节');
    fireEvent.change(screen.getByRole('textbox', { name: '复核理由' }), {
      target: { value: REASON },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交复核申请' }));
    await screen.findByText(`复核理由：${REASON}`);
    expect(server.calls(requestScoreReview)[0]?.input).toEqual({ ApplyId: 5, Reason: REASON });
    screen.getByText('您已提交复核申请，请等待答复，不能重复提交');
    expect(screen.getByText('已提交', { selector: '[aria-current="step"]' })).toBeTruthy();
  });

  it('after a refusal reads the server’s state again and keeps what was typed', async () => {
    signIn();
    const server = fakeServer()
      .on(getScore, PUBLISHED)
      .on(requestScoreReview, () =>
        refusal(409, '复核申请时间为 2026-11-24 10:00 至 2026-11-29 10:00（北京时间），已结束'),
      );
    renderScreen(Page, PATH);
    fireEvent.change(await screen.findByRole('textbox', { name: '复核理由' }), {
      target: { value: REASON },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交复核申请' }));
    await waitFor(() => expect(server.calls(getScore)).toHaveLength(2));
    expect(server.calls(requestScoreReview)).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: '复核理由' }) as HTMLTextAreaElement).value).toBe(
      REASON,
    );
  });
});
