import type { ExamQuestion } from '@portal/contracts';
import { isAnswered, type Choices } from '../answer-draft';
import { answerCardCellLabel } from '../exam-text';

/** 答题卡: one button per question (answered filled, flagged marked); a tap brings it into view. */
export function ExamNavigator({
  id,
  questions,
  choices,
  flagged,
  onGo,
}: {
  id: string;
  questions: ExamQuestion[];
  choices: Choices;
  flagged: readonly number[];
  onGo: (questionId: number) => void;
}) {
  return (
    <nav id={id} className="exam-navigator" aria-label="答题卡">
      <p className="exam-navigator__legend">
        <span className="exam-navigator__swatch exam-navigator__swatch--answered" />
        已答
        <span className="exam-navigator__swatch" />
        未答
        <span className="exam-navigator__swatch exam-navigator__swatch--flagged" />
        待检查
      </p>
      <ol className="exam-navigator__grid">
        {questions.map((q, i) => {
          const answered = isAnswered(choices, q.QuestionId);
          const marked = flagged.includes(q.QuestionId);
          const className = [
            'exam-navigator__item',
            answered ? 'exam-navigator__item--answered' : '',
            marked ? 'exam-navigator__item--flagged' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={q.QuestionId}>
              <button
                type="button"
                className={className}
                aria-label={answerCardCellLabel(i, answered, marked)}
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
