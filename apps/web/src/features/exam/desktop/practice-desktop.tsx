import { Alert, Button, Card, Descriptions, Result } from 'antd';
import { Link } from 'react-router';
import { formatDuration } from '../../../shared/date';
import { useDeviceCheck } from '../device-check';
import { timeUsedText } from '../exam-text';
import {
  PRACTICE_BANNER,
  PRACTICE_BANNER_DETAIL,
  PRACTICE_ENDED,
  PRACTICE_ENDED_DETAIL,
  PRACTICE_ENTRY,
  PRACTICE_ENTRY_HINT,
} from '../practice-text';
import type { ExamAttemptState } from '../use-exam-attempt';

type Back = { to: string; label: string };

/** 先做一次练习 on a computer: the exam screen met first on a paper that scores nothing. */
export function PracticeEntryDesktop({ to }: { to: string }) {
  return (
    <div className="exam-desk__practice-entry">
      <span>第一次参加在线考试？{PRACTICE_ENTRY_HINT}</span>
      <Link to={to} className="exam-desk__back">
        {PRACTICE_ENTRY}
      </Link>
    </div>
  );
}

/** 练习模式（不计分） above a practice paper and its introduction. */
export function PracticeBannerDesktop() {
  return (
    <Alert
      className="exam-desk__leave-rule"
      type="warning"
      showIcon
      role="note"
      title={PRACTICE_BANNER}
      description={PRACTICE_BANNER_DETAIL}
    />
  );
}

/** Before a practice attempt: what it is, the device check, and 开始练习. */
export function PracticeIntroDesktop({ exam }: { exam: ExamAttemptState }) {
  const paper = exam.summary!;
  const check = useDeviceCheck(paper.ApplyId);
  const allOk = check.items?.every((item) => item.ok);
  return (
    <Card className="exam-desk__intro">
      <PracticeBannerDesktop />
      <h2 className="exam-desk__heading">{paper.Title}</h2>
      <Descriptions
        column={3}
        styles={{ label: { color: '#595959' } }}
        items={[
          { key: 'count', label: '题目数量', children: `${paper.QuestionCount}题` },
          { key: 'score', label: '计分', children: '不计分' },
          {
            key: 'duration',
            label: '练习时长',
            children: (
              <time dateTime={`PT${paper.AllowedSeconds}S`}>
                {formatDuration(paper.AllowedSeconds)}
              </time>
            ),
          },
        ]}
      />
      <h3 className="exam-desk__subheading">设备检测</h3>
      <div aria-live="polite">
        {check.items ? (
          <>
            <ul className="exam-desk__device-check">
              {check.items.map((item) => (
                <li key={item.label}>
                  <span className="exam-desk__device-label">{item.label}</span>
                  <span className={item.ok ? 'exam-desk__right' : 'exam-desk__device-warn'}>
                    <span aria-hidden="true">{item.ok ? '✓ ' : '! '}</span>
                    {item.text}
                  </span>
                </li>
              ))}
            </ul>
            <p>{allOk ? '设备检测通过，可以开始练习。' : '有需要注意的项目，仍可以开始练习。'}</p>
          </>
        ) : (
          <p>正在检测网络、时间和屏幕…</p>
        )}
      </div>
      <Button className="exam-desk__recheck" disabled={!check.items} onClick={check.recheck}>
        重新检测
      </Button>
      {exam.startError ? (
        <Alert type="error" showIcon role="alert" title={`开始练习未成功：${exam.startError}`} />
      ) : null}
      <Button
        type="primary"
        size="large"
        className="exam-desk__start"
        loading={exam.starting}
        onClick={() => void exam.start()}
      >
        开始练习
      </Button>
    </Card>
  );
}

/** After a practice attempt: nothing scored, 再练一次 or back to the exam. */
export function PracticeResultDesktop({
  exam,
  back,
  onAgain,
}: {
  exam: ExamAttemptState;
  back: Back;
  onAgain: () => void;
}) {
  const { attempt } = exam;
  return (
    <Card>
      <Result
        status="success"
        title={<h2 className="exam-desk__heading">{PRACTICE_ENDED}</h2>}
        subTitle={
          <>
            {attempt?.SubmittedAt ? (
              <p className="exam-desk__result-line">
                {attempt.SubmittedBy === 'deadline' ? '练习时间到，已自动结束。' : ''}用时{' '}
                {timeUsedText(attempt.StartedAt, attempt.SubmittedAt)}
              </p>
            ) : null}
            <p className="exam-desk__result-line">{PRACTICE_ENDED_DETAIL}</p>
          </>
        }
        extra={
          <>
            <Button type="primary" onClick={onAgain}>
              再练一次
            </Button>
            <Link to={back.to} className="exam-desk__back">
              {back.label}
            </Link>
          </>
        }
      />
    </Card>
  );
}
