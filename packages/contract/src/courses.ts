import { z } from 'zod';
import { requiredText } from './common.js';
import { LIMITS } from './constants.js';
import { resourceSchema } from './resources.js';

export const courseInputSchema = z.object({
  title: requiredText({ label: 'Title', max: LIMITS.titleMax }),
  description: requiredText({ label: 'Description', max: LIMITS.descriptionMax }),
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
