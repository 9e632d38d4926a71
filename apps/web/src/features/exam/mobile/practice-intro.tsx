import { Button } from 'antd-mobile';
import { formatDuration } from '../../../shared/date';
import { useDeviceCheck } from '../device-check';
import { PRACTICE_BANNER, PRACTICE_BANNER_DETAIL } from '../practice-text';
import type { ExamAttemptState } from '../use-exam-attempt';

/** Before a practice attempt: what it is, the device check, and 开始练习. */
export function PracticeIntro({ exam }: { exam: ExamAttemptState }) {
  const paper = exam.summary!;
  const check = useDeviceCheck(paper.ApplyId);
  const allOk = check.items?.every((item) => item.ok);
  return (
    <div className="exam-page">
      <p className="exam-practice-banner" role="note">
        <strong>{PRACTICE_BANNER}</strong>
        {PRACTICE_BANNER_DETAIL}
      </p>
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
            <dt>计分</dt>
            <dd>不计分</dd>
          </div>
          <div>
            <dt>练习时长</dt>
            <dd>
              <time dateTime={`PT${paper.AllowedSeconds}S`}>
                {formatDuration(paper.AllowedSeconds)}
              </time>
            </dd>
          </div>
        </dl>
      </section>
      <section className="m-section" aria-labelledby="device-check-title">
        <h2 className="m-section__title" id="device-check-title">
          设备检测
        </h2>
        <div aria-live="polite">
          {check.items ? (
            <>
              <ul className="device-check">
                {check.items.map((item) => (
                  <li key={item.label} className="device-check__item">
                    <span className="device-check__label">{item.label}</span>
                    <span className={item.ok ? 'device-check__ok' : 'device-check__warn'}>
                      <span aria-hidden="true">{item.ok ? '✓ ' : '! '}</span>
                      {item.text}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="device-check__summary">
                {allOk ? '设备检测通过，可以开始练习。' : '有需要注意的项目，仍可以开始练习。'}
              </p>
            </>
          ) : (
            <p className="device-check__summary">正在检测网络、时间和屏幕…</p>
          )}
        </div>
        <Button
          className="device-check__again"
          fill="outline"
          size="small"
          disabled={!check.items}
          onClick={check.recheck}
        >
          重新检测
        </Button>
      </section>
      {exam.startError ? (
        <p className="exam-notice" role="alert">
          开始练习未成功：{exam.startError}
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button color="primary" loading={exam.starting} onClick={() => void exam.start()}>
          开始练习
        </Button>
      </div>
    </div>
  );
}
