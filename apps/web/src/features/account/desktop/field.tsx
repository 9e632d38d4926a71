import { Input } from 'antd';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A labelled antd input bound to a contract form; hint and error are tied to it for screen readers. */
export function Field<T extends FieldValues, R>({
  control,
  name,
  id,
  label,
  error,
  hint,
  password,
  after,
  ...input
}: {
  control: Control<T, unknown, R>;
  name: Path<T>;
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  password?: boolean;
  after?: ReactNode;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'tel' | 'text';
  placeholder?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const Box = password ? Input.Password : Input;
  return (
    <div className="d-account__field">
      <label className="d-account__label" htmlFor={id}>
        {label}
      </label>
      <div className="d-account__row">
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <Box
              {...input}
              id={id}
              name={field.name}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={(el) => field.ref(el?.input ?? null)}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
          )}
        />
        {after}
      </div>
      {hint ? (
        <p className="d-account__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="d-account__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
