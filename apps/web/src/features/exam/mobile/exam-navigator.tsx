import type { ExamQuestion } from '@portal/contracts';
import type { Choices } from '../exam-draft';

/** 答题卡: one button per question, answered ones filled; a tap brings that question into view. */
export function ExamNavigator({
  id,
  questions,
  choices,
  onGo,
}: {
  id: string;
  questions: ExamQuestion[];
  choices: Choices;
  onGo: (questionId: number) => void;
}) {
  return (
    <nav id={id} className="exam-navigator" aria-label="答题卡">
      <p className="exam-navigator__legend">
        <span className="exam-navigator__swatch exam-navigator__swatch--answered" />
        已答
        <span className="exam-navigator__swatch" />
        未答
      </p>
      <ol className="exam-navigator__grid">
        {questions.map((q, i) => {
          const answered = (choices[q.QuestionId]?.length ?? 0) > 0;
          return (
            <li key={q.QuestionId}>
              <button
                type="button"
                className={
                  answered
                    ? 'exam-navigator__item exam-navigator__item--answered'
                    : 'exam-navigator__item'
                }
                aria-label={`第${i + 1}题，${answered ? '已作答' : '未作答'}`}
                onClick={() => onGo(q.QuestionId)}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
