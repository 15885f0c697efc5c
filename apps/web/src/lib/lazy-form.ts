// schemaResolver alone, without useForm: what useContractForm's forms show under each field.
import { type FormErrors, schemaResolver } from '@mantine/form';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * A contract-checked form for a page in the first bundle (sign-in), which must load neither zod nor
 * Mantine's form hook: the schema comes in a chunk of its own, and the fields are the form's own
 * inputs, read with FormData on submit. Put `prefetch` on the form's `onFocus`, so that the schema
 * loads while the user types; a submit waits for it if need be. Each field shows the first of the
 * schema's messages for it, the same words the server answers with, until the field is changed.
 * `load` must be stable (module level). Every other form is `useContractForm` (`form.ts`).
 */
export function useLazyContractForm<S extends z.ZodType>(load: () => Promise<S>) {
  const [errors, setErrors] = useState<FormErrors>({});
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

  /** What an input named `name` takes: its name, its error, and the clearing of that error on change. */
  const field = (name: string) => ({
    name,
    error: errors[name],
    onChange: () => setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined })),
  });

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
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // Read now: the values as they were when the user sent them.
      const values = Object.fromEntries(new FormData(event.currentTarget));
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
      const refused = schemaResolver(checker, { sync: true })(values);
      setErrors(refused);
      if (Object.keys(refused).length > 0) {
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

  return { field, onSubmit, prefetch, submitting };
}
