import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { PRACTICE_ENTRY, PRACTICE_ENTRY_HINT } from '../practice-text';
import { formatDate, formatDuration } from '../../../shared/date';
import type { ExamAttemptState } from '../use-exam-attempt';
import { extraTimeText, leaveRuleText, shortenedByWindowText } from '../exam-text';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * Before the clock starts: what the paper is and the rules of answering it, and the way to a
 * practice attempt first (`practiceTo`).
 */
export function ExamIntro({ exam, practiceTo }: { exam: ExamAttemptState; practiceTo: string }) {
  const paper = exam.summary!;
  const ended = paper.EndTime !== null && Date.parse(paper.EndTime) <= Date.parse(paper.ServerTime);
  const extra = extraTimeText(paper);
  const shortened = ended ? '' : shortenedByWindowText(paper);
  return (
    <div className="exam-page">
      <section className="m-section" aria-labelledby="exam-title">
        <h2 className="exam-intro__title" id="exam-title">
          {paper.Title}
        </h2>
        <dl className="exam-facts">
          <div>
            <dt>题目数量</dt>
            <dd>{paper.QuestionCount}题</dd>
          </div>
          <div>
            <dt>试卷总分</dt>
            <dd>{paper.TotalScore}分</dd>
          </div>
          <div>
            <dt>考试时长</dt>
            <dd>
              <time dateTime={`PT${paper.AllowedSeconds}S`}>
                {formatDuration(paper.AllowedSeconds)}
              </time>
            </dd>
          </div>
        </dl>
        {extra ? <p className="exam-intro__extra">{extra}。</p> : null}
        {paper.StartTime || paper.EndTime ? (
          <p className="exam-intro__window">
            考试时间：{formatDate(paper.StartTime, TIME_FORMAT) || '即日起'} 至{' '}
            {formatDate(paper.EndTime, TIME_FORMAT) || '不限'}
          </p>
        ) : null}
      </section>
      <section className="m-section" aria-labelledby="exam-rules">
        <h2 className="m-section__title" id="exam-rules">
          考试须知
        </h2>
        <ol className="exam-rules">
          <li>
            点击「开始答题」后开始计时，以服务器时间为准；刷新页面、换设备或断网都不会暂停或重置计时。
          </li>
          <li>
            考试时长 {formatDuration(paper.AllowedSeconds)}
            ，且不超过考试结束时间；时间到时将自动交卷。
          </li>
          <li>答案随答随存到服务器；断网时先保存在本机，恢复网络后自动同步。</li>
          <li>
            {leaveRuleText(paper.LeaveThresholdSeconds, paper.LeaveLimit)}
            。答卷只能提交一次，交卷后不能修改。
          </li>
        </ol>
      </section>
      {ended ? null : <PracticeEntry to={practiceTo} />}
      {shortened ? <p className="exam-notice">{shortened}。</p> : null}
      {ended ? (
        <p className="exam-notice" role="status">
          考试已结束，不能再作答。
        </p>
      ) : null}
      {exam.startError ? (
        <p className="exam-notice" role="alert">
          开始答题未成功：{exam.startError}
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button
          color="primary"
          disabled={ended}
          loading={exam.starting}
          loadingText={BUSY_TEXT}
          onClick={() => void exam.start()}
        >
          {ended ? '考试已结束' : '开始答题'}
        </Button>
      </div>
    </div>
  );
}

/** 先做一次练习: the exam screen met first on a sample paper that scores nothing. */
export function PracticeEntry({ to }: { to: string }) {
  return (
    <div className="exam-practice-entry">
      <p>第一次参加在线考试？{PRACTICE_ENTRY_HINT}</p>
      <Link className="exam-link-button" to={to}>
        {PRACTICE_ENTRY}
      </Link>
    </div>
  );
}
