import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** A labelled input with its message; the message is tied to the input for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  after,
  ...input
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  after?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="account-field">
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="account-field__row">
        <input
          id={id}
          className="account-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {after}
      </div>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
