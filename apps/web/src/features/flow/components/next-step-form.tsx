import type { FormEvent, ReactNode } from 'react';
import type { NextStep } from '../next-action';
import './next-step-form.css';

/**
 * The next step's button inside a GET form to where the step leads, as progressive enhancement: on
 * a page the server drew, a tap before the page's scripts run still goes there (the browser submits
 * the form); once they run, the app takes the submission and decides (sign in first, or go).
 */
export function NextStepForm({
  next,
  onNext,
  children,
}: {
  next: NextStep | undefined;
  onNext: () => void;
  /** The button, of type submit. */
  children: ReactNode;
}) {
  // A GET form's action loses its query: the path goes in `action`, the query in hidden fields.
  // (The base only lets URL split an app path; it is never used.)
  const target = next && next.kind !== 'wait' ? new URL(next.to, 'http://app.invalid') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <form className="next-step-form" method="get" action={target?.pathname} onSubmit={submit}>
      {target
        ? [...target.searchParams].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      {children}
    </form>
  );
}
