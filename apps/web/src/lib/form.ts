import { schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import type { z } from 'zod';

/**
 * A form checked by a contract schema: each field shows the first of the schema's messages for it,
 * the same words the server answers with, and `onSubmit` receives the values only once they pass.
 * Every portal form starts here.
 */
export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  options: Omit<UseFormInput<Values>, 'initialValues' | 'validate'> = {},
) {
  return useForm<Values>({ ...options, initialValues, validate: schemaResolver(schema, { sync: true }) });
}
