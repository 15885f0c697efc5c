import { schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';

type FormOptions<Values> = Omit<UseFormInput<Values>, 'initialValues' | 'validate'>;

/**
 * A form checked by a contract schema: each field shows the first of the schema's messages for it,
 * the same words the server answers with, and `onSubmit` receives the values only once they pass.
 * Every portal form starts here.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  options: FormOptions<Values> = {},
) {
  // One resolver per schema: a new one each render would renew the form's validating callbacks too.
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  return useForm<Values>({ ...options, initialValues, validate });
}

/**
 * `useContractForm` for a form in the first bundle, whose schema comes in a chunk of its own (with
 * zod), so that the page loads without it. Put `prefetch` on the form's `onFocus`: the schema then
 * loads while the user types, and a submit seldom waits for it. The fields are checked on submit, as
 * a `useContractForm` form's are, with the same messages. `load` must be stable (module level).
 */
export function useLazyContractForm<Values extends Record<string, unknown>, S extends z.ZodType>(
  load: () => Promise<S>,
  initialValues: Values,
  options: FormOptions<Values> = {},
) {
  const form = useForm<Values>({ ...options, initialValues });
  // While the schema is awaited or the handler runs: the submit button shows it. A refused field
  // does not flash it.
  const [submitting, setSubmitting] = useState(false);
  const schemaRef = useRef<S | null>(null);
  const schema = useCallback(async () => {
    schemaRef.current ??= await load();
    return schemaRef.current;
  }, [load]);
  // A failed load is reported by the submit that needs it, not here.
  const prefetch = useCallback(() => void schema().catch(() => undefined), [schema]);

  /**
   * The form's submit handler: `handler` receives the values as the schema parses them, once they
   * pass. `onInvalid` runs when a field is refused, `onUnavailable` when the schema could not be
   * loaded (the network dropped): the form then stays as the user left it.
   */
  const onSubmit =
    (
      handler: (values: z.output<S>) => unknown,
      { onInvalid, onUnavailable }: { onInvalid?: () => void; onUnavailable: () => void },
    ) =>
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      let checker = schemaRef.current;
      if (!checker) {
        setSubmitting(true);
        try {
          checker = await schema();
        } catch {
          setSubmitting(false);
          onUnavailable();
          return;
        }
      }
      const values = form.getValues();
      const errors = schemaResolver(checker, { sync: true })(values);
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) {
        setSubmitting(false);
        onInvalid?.();
        return;
      }
      setSubmitting(true);
      try {
        await handler(checker.parse(values));
      } finally {
        setSubmitting(false);
      }
    };

  return { form, onSubmit, prefetch, submitting };
}
