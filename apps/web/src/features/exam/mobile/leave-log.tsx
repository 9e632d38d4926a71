import type { ExamAttempt } from '@portal/contracts';
import { leaveLogLine, leaveLogNote } from '../exam-text';

/** The candidate's own absences as the server judged them, with its times (Beijing time). */
export function LeaveLog({ attempt }: { attempt: ExamAttempt }) {
  if (attempt.Leaves.length === 0) return null;
  return (
    <section className="exam-leave-log" aria-labelledby="exam-leave-log">
      <h2 className="exam-leave-log__title" id="exam-leave-log">
        离开记录（北京时间）
      </h2>
      <p className="exam-leave-log__note">{leaveLogNote(attempt.LeaveThresholdSeconds)}</p>
      <ol>
        {attempt.Leaves.map((leave) => {
          const line = leaveLogLine(leave);
          return (
            <li
              key={leave.HiddenAt}
              className={line.counted ? 'exam-leave-log__counted' : undefined}
            >
              <span className="exam-leave-log__time">{line.time}</span>
              <span>{line.text}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
