import type { ExamPaper } from '@portal/contracts';
import { Button } from 'antd-mobile';
import { formatDate, formatDuration } from '../../../shared/date';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Before the clock starts: what the paper is and the rules of answering it on a phone. */
export function ExamIntro({
  paper,
  ended,
  onStart,
}: {
  paper: ExamPaper;
  ended: boolean;
  onStart: () => void;
}) {
  return (
    <div className="exam-page">
      <section className="m-section" aria-labelledby="exam-title">
        <h2 className="exam-intro__title" id="exam-title">
          {paper.Title}
        </h2>
        <dl className="exam-facts">
          <div>
            <dt>题目数量</dt>
            <dd>{paper.Questions.length}题</dd>
          </div>
          <div>
            <dt>试卷总分</dt>
            <dd>{paper.TotalScore}分</dd>
          </div>
          <div>
            <dt>考试时长</dt>
            <dd>
              <time dateTime={`PT${paper.DurationSeconds}S`}>
                {formatDuration(paper.DurationSeconds)}
              </time>
            </dd>
          </div>
        </dl>
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
          <li>点击「开始答题」后开始计时，计时不会因刷新页面或退出而暂停。</li>
          <li>
            考试时长 {formatDuration(paper.DurationSeconds)}
            ，且不超过考试结束时间；时间到时将自动交卷。
          </li>
          <li>每选择一个答案都会立即保存在本手机上，刷新页面或网络中断不会丢失已选答案。</li>
          <li>请在同一台手机上完成作答。答卷只能提交一次，交卷后不能修改。</li>
        </ol>
      </section>
      {ended ? (
        <p className="exam-notice" role="status">
          考试已结束，不能再作答。
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button color="primary" disabled={ended} onClick={onStart}>
          {ended ? '考试已结束' : '开始答题'}
        </Button>
      </div>
    </div>
  );
}
