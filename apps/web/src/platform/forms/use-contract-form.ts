import { zodResolver } from '@hookform/resolvers/zod';
import type {
  Endpoint,
  FieldErrors as ServerFieldErrors,
  ParsedRequestOf,
  RequestOf,
} from '@portal/contracts';
import { useRef } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Path,
  useForm,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../http';

/** Where a server message for no field of this form goes (FieldErrors naming something else). */
export const SERVER_ERROR = 'root.server';

export interface ContractFormOptions<TValues extends FieldValues, TRequest> {
  /**
   * What the form checks before sending: the endpoint's request schema by default, or a schema
   * derived from it where the form's fields differ (text inputs for ids, a confirmation field).
   * Its output is what `submit` hands to the sender.
   */
  schema?: z.ZodType<TRequest, TValues>;
  defaultValues: DefaultValues<TValues>;
  /** The form field a server FieldErrors name marks; the same name by default. */
  fieldOf?: (serverField: string) => Path<TValues> | undefined;
  /** The fields in the order a person meets them: the first one at fault gets the focus. */
  order?: readonly Path<TValues>[];
  /** Moves the focus to a field; react-hook-form's own focus (the registered element) by default. */
  focus?: (name: Path<TValues>) => void;
  mode?: UseFormProps<TValues>['mode'];
}

export type ContractForm<TValues extends FieldValues, TRequest> = UseFormReturn<
  TValues,
  unknown,
  TRequest
> & {
  /**
   * An onSubmit handler: checks the fields, then calls `send` with the checked request, once at a
   * time. A refusal that names fields (400 FieldErrors) marks them; what was typed stays.
   * The HTTP layer has already shown the server's message (§8), so an HttpError ends here.
   */
  submit: (
    send: (request: TRequest, values: TValues) => Promise<unknown>,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
  /** Puts server FieldErrors on the fields (for a refusal met outside `submit`). */
  showServerErrors: (fieldErrors: ServerFieldErrors) => void;
  /** The message on a field, if any. */
  errorOf: (name: FieldPath<TValues>) => string | undefined;
  /** The server's message that names no field of this form. */
  serverError: string | undefined;
};

/**
 * Puts a 400's FieldErrors on the form's fields: each named field gets its message, a name the
 * form does not have goes to `root.server`. Answers the fields marked, in the order given.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  fieldErrors: ServerFieldErrors,
  fieldOf: (serverField: string) => Path<TValues> | undefined,
): Path<TValues>[] {
  const marked: Path<TValues>[] = [];
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(fieldErrors)) {
    const field = fieldOf(name);
    if (field) {
      setError(field, { type: 'server', message });
      marked.push(field);
    } else unplaced.push(message);
  }
  if (unplaced.length > 0)
    setError(SERVER_ERROR as Path<TValues>, { type: 'server', message: unplaced.join('；') });
  return marked;
}

/**
 * The one bridge between a contract endpoint and a form (react-hook-form): the contract's schema
 * checks the fields, the server's FieldErrors land on them, and a form is sent once at a time.
 * Both layouts use it; a view only renders fields and messages.
 */
export function useContractForm<
  E extends Endpoint,
  TValues extends FieldValues = RequestOf<E> & FieldValues,
  TRequest = ParsedRequestOf<E>,
>(endpoint: E, options: ContractFormOptions<TValues, TRequest>): ContractForm<TValues, TRequest> {
  const schema = options.schema ?? (endpoint.request as unknown as z.ZodType<TRequest, TValues>);
  const form = useForm<TValues, unknown, TRequest>({
    resolver: zodResolver(schema),
    defaultValues: options.defaultValues,
    mode: options.mode ?? 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: !options.focus && !options.order,
  });
  const sending = useRef(false);
  const { fieldOf, order, focus } = options;
  const known = (name: string) =>
    name in (form.getValues() ?? {}) ? (name as Path<TValues>) : undefined;
  const placeOf = fieldOf ?? known;

  const focusFirst = (names: readonly Path<TValues>[]) => {
    const first = order ? order.find((n) => names.includes(n)) : names[0];
    if (!first) return;
    if (focus) focus(first);
    else form.setFocus(first);
  };

  const showServerErrors = (fieldErrors: ServerFieldErrors) =>
    focusFirst(applyServerFieldErrors(form.setError, fieldErrors, placeOf));

  const submit: ContractForm<TValues, TRequest>['submit'] = (send) => async (event) => {
    event?.preventDefault?.();
    // A second tap before the first answer arrives sends nothing.
    if (sending.current) return;
    sending.current = true;
    try {
      await form.handleSubmit(
        async (request) => {
          try {
            await send(request, form.getValues());
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            showServerErrors(error.fieldErrors);
          }
        },
        (errors) => {
          if (focus || order) focusFirst(Object.keys(errors) as Path<TValues>[]);
        },
      )();
    } finally {
      sending.current = false;
    }
  };

  const errorOf = (name: FieldPath<TValues>) => {
    const found = name
      .split('.')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        form.formState.errors,
      ) as { message?: unknown } | undefined;
    return typeof found?.message === 'string' ? found.message : undefined;
  };
  const root = form.formState.errors.root as Record<string, { message?: string }> | undefined;

  return { ...form, submit, showServerErrors, errorOf, serverError: root?.server?.message };
}
