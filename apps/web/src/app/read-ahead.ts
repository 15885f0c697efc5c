import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { readAhead } from '../lib/api-client';

/**
 * The course page's route: its first read (the course, whose description is the page's largest text)
 * starts with the navigation, while the page's code downloads (`readAhead`).
 */
export const courseReadAhead = {
  loader: ({ params }: LoaderFunctionArgs) => {
    if (params.id && /^[1-9]\d{0,9}$/.test(params.id)) readAhead(`/courses/${params.id}`);
    return null;
  },
  // A change of the address's query re-runs the loaders, and the page's lists keep their page there
  // (Assigned Students' `?page=2`): the page reads its course again only for another course.
  shouldRevalidate: ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) => currentParams.id !== nextParams.id,
};
