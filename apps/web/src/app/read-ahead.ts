import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { readAhead } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { keys } from '../lib/query-keys';

/**
 * A page that shows dates reads them in the platform zone, from the offset table the settings carry
 * (see `rememberZoneOffsets`). Asked for with the navigation, once a visit, the settings are there
 * before the page's own answers, so no date is first read in the fallback zone through Intl.
 */
function readSettingsAhead(): void {
  if (queryClient.getQueryData(keys.settings) === undefined) readAhead('/settings');
}

/** The route of a page with dates: its loader reads the settings ahead. */
export const datesReadAhead = {
  loader: () => {
    readSettingsAhead();
    return null;
  },
  // The settings are read once a visit: a change of the address's query has no reason to ask again.
  shouldRevalidate: () => false,
};

/**
 * The course page's route: its first read (the course, whose description is the page's largest text)
 * starts with the navigation, while the page's code downloads (`readAhead`).
 */
export const courseReadAhead = {
  loader: ({ params }: LoaderFunctionArgs) => {
    if (params.id && /^[1-9]\d{0,9}$/.test(params.id)) readAhead(`/courses/${params.id}`);
    readSettingsAhead();
    return null;
  },
  // A change of the address's query re-runs the loaders, and the page's lists keep their page there
  // (Assigned Students' `?page=2`): the page reads its course again only for another course.
  shouldRevalidate: ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) => currentParams.id !== nextParams.id,
};
