import { Alert, Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { SubmittedReceipt } from '../../flow';
import { formatDate, formatDuration } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import {
  ENDED_BY_TEXT,
  extraTimeText,
  leaveRuleText,
  reviewMark,
  shortenedByWindowText,
  timeUsedText,
} from '../exam-text';
import { useExamAttempt, usePracticeRounds, type ExamAttemptState } from '../use-exam-attempt';
import { ExamDesktopSheet } from './exam-desktop-sheet';
import { BEFORE_START_PREFIX } from '../practice-text';
import {
  PracticeEntryDesktop,
  PracticeIntroDesktop,
  PracticeResultDesktop,
} from './practice-desktop';
import './exam-desktop.css';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

type Back = { to: string; label: string };

function ExamIntro({ exam, practiceTo }: { exam: ExamAttemptState; practiceTo: string }) {
  const paper = exam.summary!;
  const ended = paper.EndTime !== null && Date.parse(paper.EndTime) <= Date.parse(paper.ServerTime);
  const extra = extraTimeText(paper);
  const shortened = ended ? '' : shortenedByWindowText(paper);
  return (
    <Card className="exam-desk__intro">
      <h2 className="exam-desk__heading">{paper.Title}</h2>
      <Descriptions
        column={3}
        // antd's label grey is below AA contrast on white.
        styles={{ label: { color: '#595959' } }}
        items={[
          { key: 'count', label: '题目数量', children: `${paper.QuestionCount}题` },
          { key: 'total', label: '试卷总分', children: `${paper.TotalScore}分` },
          {
            key: 'duration',
            label: '考试时长',
            children: (
              <time dateTime={`PT${paper.AllowedSeconds}S`}>
                {formatDuration(paper.AllowedSeconds)}
              </time>
            ),
          },
          {
            key: 'window',
            label: '考试时间',
            span: 3,
            children: `${formatDate(paper.StartTime, TIME_FORMAT) || '即日起'} 至 ${formatDate(paper.EndTime, TIME_FORMAT) || '不限'}`,
          },
        ]}
      />
      {extra ? (
        <Alert className="exam-desk__extra" type="success" showIcon title={`${extra}。`} />
      ) : null}
      <h3 className="exam-desk__subheading">考试须知</h3>
      <ol className="exam-desk__rules">
        <li>
          点击「开始答题」后开始计时，以服务器时间为准；刷新页面、换设备或断网都不会暂停或重置计时。
        </li>
        <li>时间到时将自动交卷；答案随答随存到服务器，断网时先保存在本机，恢复后自动同步。</li>
        <li>键盘作答：数字键选择选项，← → 切换题目。</li>
        <li>{leaveRuleText(paper.LeaveThresholdSeconds, paper.LeaveLimit)}。</li>
      </ol>
      {ended ? null : <PracticeEntryDesktop to={practiceTo} />}
      {shortened ? <Alert type="warning" showIcon role="note" title={`${shortened}。`} /> : null}
      {ended ? <Alert type="warning" showIcon title="考试已结束，不能再作答。" /> : null}
      {exam.startError ? (
        <Alert type="error" showIcon role="alert" title={`开始答题未成功：${exam.startError}`} />
      ) : null}
      <Button
        type="primary"
        size="large"
        className="exam-desk__start"
        disabled={ended}
        loading={exam.starting}
        onClick={() => void exam.start()}
      >
        {ended ? '考试已结束' : '开始答题'}
      </Button>
    </Card>
  );
}

function ExamResult({ exam, back }: { exam: ExamAttemptState; back: Back }) {
  const { summary, paper, attempt } = exam;
  const score = attempt?.Score ?? summary?.Score ?? null;
  const review = paper?.Review ?? null;
  const answeredIds = new Set(attempt?.Answers.map((a) => a.QuestionId));
  return (
    <Card>
      <Result
        status="success"
        title={
          <h2 className="exam-desk__heading">
            {ENDED_BY_TEXT[attempt?.SubmittedBy ?? 'candidate']}
          </h2>
        }
        subTitle={
          <>
            <p className="exam-desk__result-line">{summary?.Title}</p>
            <p className="exam-desk__score">
              {score === null ? '成绩待公布' : `得分 ${score} / ${summary?.TotalScore}分`}
            </p>
            {attempt?.SubmittedAt ? (
              <p className="exam-desk__result-line">
                用时 {timeUsedText(attempt.StartedAt, attempt.SubmittedAt)}
              </p>
            ) : null}
          </>
        }
        extra={
          <Link to={back.to} className="exam-desk__back">
            {back.label}
          </Link>
        }
      />
      {summary && attempt?.SubmittedAt ? (
        <SubmittedReceipt applyId={summary.ApplyId} kind="Exam" />
      ) : null}
      {review && paper ? (
        <section aria-labelledby="exam-desk-review">
          <h3 className="exam-desk__subheading" id="exam-desk-review">
            答题情况
          </h3>
          <ol className="exam-desk__review">
            {paper.Questions.map((q, i) => {
              const item = review.find((r) => r.QuestionId === q.QuestionId);
              const mark = reviewMark(item, answeredIds.has(q.QuestionId));
              return (
                <li key={q.QuestionId}>
                  <span className="exam-desk__review-index">第{i + 1}题</span>
                  <span className={`exam-desk__${mark.tone}`}>{mark.text}</span>
                  <span>
                    得 {item?.Earned ?? 0}/{q.Score} 分
                  </span>
                  <span className="exam-desk__review-content">{q.Content}</span>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </Card>
  );
}

function ExamScreen({
  applyId,
  back,
  practice,
  practiceTo,
  onAgain,
}: {
  applyId: number;
  back: Back;
  practice: boolean;
  practiceTo: string;
  onAgain: () => void;
}) {
  const exam = useExamAttempt(applyId, { practice });
  const { phase, summaryQuery, paperQuery } = exam;
  if (phase === 'loading')
    return (
      <Card aria-busy="true" aria-label="正在加载试卷">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (phase === 'error') {
    const failed = summaryQuery.isError ? summaryQuery : paperQuery;
    const message = failed.error?.message ?? '';
    return (
      <Result
        status="warning"
        title={
          <h2 className="exam-desk__heading">{practice ? '练习卷加载失败' : '试卷加载失败'}</h2>
        }
        subTitle={message}
        extra={
          <>
            <Button type="primary" onClick={() => void failed.refetch()}>
              重试
            </Button>
            {/* Before the exam's start time the practice is open: that is its point. */}
            {!practice && message.startsWith(BEFORE_START_PREFIX) ? (
              <PracticeEntryDesktop to={practiceTo} />
            ) : null}
          </>
        }
      />
    );
  }
  if (phase === 'submitted')
    return practice ? (
      <PracticeResultDesktop exam={exam} back={back} onAgain={onAgain} />
    ) : (
      <ExamResult exam={exam} back={back} />
    );
  if (phase === 'intro')
    return practice ? (
      <PracticeIntroDesktop exam={exam} />
    ) : (
      <ExamIntro exam={exam} practiceTo={practiceTo} />
    );
  return <ExamDesktopSheet exam={exam} />;
}

/**
 * Desktop onlineExam (§2's desktop table): the same attempt as on a phone, on a wide sheet; with
 * ?Practice=1 a practice attempt on the sample paper, which scores nothing (issue 30, point 19).
 */
export default function OnlineExamDesktopPage() {
  const [params] = useSearchParams();
  const { round, again } = usePracticeRounds();
  const applyId = idParam(params.get('ApplyId'));
  const projectId = idParam(params.get('ProjectId'));
  const practice = params.get('Practice') === '1';
  const back = practice
    ? { to: paths.onlineExam({ ProjectId: projectId, ApplyId: applyId }), label: '返回考试' }
    : projectId
      ? { to: paths.flowManage({ ProjectId: projectId }), label: '返回报名流程' }
      : { to: paths.myProject(), label: '返回我的项目' };
  if (!applyId)
    return (
      <Result
        status="info"
        title={<h2 className="exam-desk__heading">没有指定报名</h2>}
        subTitle="请从我的项目进入考试"
        extra={<Link to={paths.myProject()}>去我的项目</Link>}
      />
    );
  return (
    <div className="exam-desk">
      <ExamScreen
        key={`${practice ? 'practice' : 'exam'}-${round}`}
        applyId={applyId}
        back={back}
        practice={practice}
        practiceTo={paths.onlineExam({ ProjectId: projectId, ApplyId: applyId, Practice: 1 })}
        onAgain={again}
      />
    </div>
  );
}
