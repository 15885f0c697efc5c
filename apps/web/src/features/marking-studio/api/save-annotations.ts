import { type Annotation, type Annotations, annotationsSchema } from '@valence/contract';
import { API_BASE, apiFetch } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';

const path = (submissionId: number) => `/api/v1/submissions/${submissionId}/annotations`;

/** Replaces the script's whole set of annotations with `items`. */
export function saveAnnotations(submissionId: number, items: Annotation[]): Promise<Annotations> {
  return apiFetch(path(submissionId), { method: 'PUT', body: { items } }, annotationsSchema);
}

/**
 * The same call made as the page goes away (tab closed, hidden): `keepalive` lets the browser finish
 * it after the page is gone, so the last strokes are not lost. Nobody waits for its answer.
 */
export function saveAnnotationsOnLeave(submissionId: number, items: Annotation[]): void {
  const session = readSession();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
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
