import { z } from 'zod';

export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Positive integer ids in path parameters arrive as strings. */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * A date-time as ISO 8601: with an offset or Z it is absolute; without one (the spec's "local ISO
 * date-time") it is read in the platform time zone by the server.
 */
export const isoDateTimeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/, {
    message: 'Invalid date format. Please use YYYY-MM-DDTHH:mm.',
  })
  .refine((value) => !Number.isNaN(Date.parse(value.replace(' ', 'T').replace(/(Z|[+-]\d{2}:?\d{2})?$/, 'Z'))), {
    message: 'Invalid date format. Please use YYYY-MM-DDTHH:mm.',
  });
