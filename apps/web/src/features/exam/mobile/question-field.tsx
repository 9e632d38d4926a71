import { scoreText } from '../practice-text';
import type { ExamQuestion } from '@portal/contracts';
import { memo } from 'react';
import { optionLetter, QUESTION_TYPE_TEXT, toggledChoices } from '../exam-text';

/**
 * One question as a fieldset: radios for single and judge, checkboxes for multiple, a text box for
 * a blank; and a toggle to flag it for review on the answer card. Memoised, with the attempt's own
 * (stable) callbacks: an answer, and the clock's tick each second, render only what changed.
 */
export const QuestionField = memo(function QuestionField({
  question,
  index,
  chosen,
  flagged,
  disabled,
  onChoose,
  onToggleFlag,
}: {
  question: ExamQuestion;
  index: number;
  chosen: string[];
  flagged: boolean;
  disabled: boolean;
  onChoose: (questionId: number, keys: string[]) => void;
  onToggleFlag: (questionId: number) => void;
}) {
  const onChange = (keys: string[]) => onChoose(question.QuestionId, keys);
  const multiple = question.Type === 'multiple';
  const legendId = `question-${question.QuestionId}-legend`;

  return (
    <fieldset
      className="exam-question"
      id={`question-${question.QuestionId}`}
      tabIndex={-1}
      disabled={disabled}
    >
      <legend className="exam-question__legend" id={legendId}>
        <span className="exam-question__meta">
          第{index + 1}题 · {QUESTION_TYPE_TEXT[question.Type]}
          {scoreText(question.Score)}
          {multiple ? '（可多选）' : ''}
        </span>
        <span className="exam-question__content">{question.Content}</span>
      </legend>
      {question.Type === 'blank' ? (
        <input
          className="exam-blank"
          type="text"
          aria-labelledby={legendId}
          placeholder="请输入答案"
          maxLength={200}
          value={chosen[0] ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? [] : [event.target.value])}
        />
      ) : (
        question.Options.map((option, i) => {
          const checked = chosen.includes(option.Key);
          return (
            <label
              key={option.Key}
              className={checked ? 'exam-option exam-option--checked' : 'exam-option'}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`question-${question.QuestionId}`}
                value={option.Key}
                checked={checked}
                onChange={() => onChange(toggledChoices(question, chosen, option.Key))}
              />
              <span className="exam-option__key" aria-hidden="true">
                {optionLetter(i)}
              </span>
              <span className="exam-option__text">{option.Text}</span>
            </label>
          );
        })
      )}
      <button
        type="button"
        className={flagged ? 'exam-flag exam-flag--on' : 'exam-flag'}
        aria-pressed={flagged}
        onClick={() => onToggleFlag(question.QuestionId)}
      >
        {flagged ? '已标记待检查' : '标记待检查'}
      </button>
    </fieldset>
  );
});
