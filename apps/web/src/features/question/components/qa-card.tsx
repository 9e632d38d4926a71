import type { Question } from '@portal/contracts';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/date';

/** A question with its answer, or 待回复 while the organiser has not answered. */
export function QaCard({ question, extra }: { question: Question; extra?: ReactNode }) {
  return (
    <article className="qa-card">
      <p className="qa-card__q">
        <strong>问：</strong>
        {question.Content}
      </p>
      <p className="qa-card__meta">
        {question.AskerName} · 提问于 {formatDate(question.AskTime, 'YYYY-MM-DD HH:mm')}
      </p>
      {question.Answer ? (
        <p className="qa-card__a">
          <strong>答：</strong>
          {question.Answer}
        </p>
      ) : (
        <p className="qa-card__a qa-card__a--waiting">待回复</p>
      )}
      {extra}
    </article>
  );
}
