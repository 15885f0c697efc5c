import { z } from 'zod';
import { LIMITS } from './constants.js';
import { resourceSchema } from './resources.js';

export const courseInputSchema = z.object({
  title: z
    .string({ message: 'Title is required.' })
    .trim()
    .min(1, { message: 'Title is required.' })
    .max(LIMITS.titleMax, { message: `Title must be at most ${LIMITS.titleMax} characters.` }),
  description: z
    .string({ message: 'Description is required.' })
    .trim()
    .min(1, { message: 'Description is required.' })
    .max(LIMITS.descriptionMax, {
      message: `Description must be at most ${LIMITS.descriptionMax} characters.`,
    }),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  paused: z.boolean(),
});
export type Course = z.infer<typeof courseSchema>;

export const courseDetailSchema = courseSchema.extend({
  resources: z.array(resourceSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;
