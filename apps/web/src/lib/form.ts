import { schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import { useMemo } from 'react';
import type { z } from 'zod';

/**
 * A form checked by a contract schema: each field shows the first of the schema's messages for it,
 * the same words the server answers with, and `onSubmit` receives the values only once they pass.
 * Every portal form but sign-in (`lazy-form.ts`) starts here.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  options: Omit<UseFormInput<Values>, 'initialValues' | 'validate'> = {},
) {
  // One resolver per schema: a new one each render would renew the form's validating callbacks too.
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  return useForm<Values>({ ...options, initialValues, validate });
}
