import { type Annotation, type Annotations, annotationsSchema } from '@valence/contract';
import { API_BASE, client, read } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { ifMatch } from '../../../lib/stale-change';

const path = (submissionId: number) => `/api/v1/submissions/${submissionId}/annotations`;

/**
 * Replaces the script's whole set of annotations with `items`, as based on the script's `version`:
 * refused (409) when someone saved the script since. Answers the version they made.
 */
export function saveAnnotations(submissionId: number, items: Annotation[], version: number): Promise<Annotations> {
  return read(
    client.PUT('/api/v1/submissions/{id}/annotations', {
      params: { path: { id: submissionId } },
      body: { items },
      headers: ifMatch(version),
    }),
    annotationsSchema,
  );
}

/**
 * The same call made as the page goes away (tab closed, hidden): `keepalive` lets the browser finish
 * it after the page is gone, so the last strokes are not lost. Nobody waits for its answer, so it is
 * a plain fetch: the typed client's error and 401 handling would run after the page is gone.
 */
export function saveAnnotationsOnLeave(submissionId: number, items: Annotation[], version: number): void {
  const session = readSession();
  // Based on a version too: a set left behind never replaces what someone saved since.
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...ifMatch(version) };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  try {
    void fetch(`${API_BASE}${path(submissionId)}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ items }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A body over the keepalive limit (64 KB) throws at once: the debounced save already has most of it.
  }
}
