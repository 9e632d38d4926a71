import type { ExamQuestion } from '@portal/contracts';

const TYPE_TEXT: Record<ExamQuestion['Type'], string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
};

/** One question as a fieldset: radios for single and judge, checkboxes for multiple. */
export function QuestionField({
  question,
  index,
  chosen,
  disabled,
  onChange,
}: {
  question: ExamQuestion;
  index: number;
  chosen: string[];
  disabled: boolean;
  onChange: (keys: string[]) => void;
}) {
  const multiple = question.Type === 'multiple';
  const toggle = (key: string, checked: boolean) => {
    if (!multiple) return onChange([key]);
    const next = checked ? [...chosen, key] : chosen.filter((k) => k !== key);
    // Kept in the paper's option order, whatever order they were tapped in.
    onChange(question.Options.map((o) => o.Key).filter((k) => next.includes(k)));
  };

  return (
    <fieldset
      className="exam-question"
      id={`question-${question.QuestionId}`}
      tabIndex={-1}
      disabled={disabled}
    >
      <legend className="exam-question__legend">
        <span className="exam-question__meta">
          第{index + 1}题 · {TYPE_TEXT[question.Type]} · {question.Score}分
          {multiple ? '（可多选）' : ''}
        </span>
        <span className="exam-question__content">{question.Content}</span>
      </legend>
      {question.Options.map((option) => {
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
              onChange={(event) => toggle(option.Key, event.target.checked)}
            />
            <span className="exam-option__key" aria-hidden="true">
              {option.Key}
            </span>
            <span className="exam-option__text">{option.Text}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
