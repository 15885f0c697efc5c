import { type Heartbeat, heartbeatAnswerSchema } from '@valence/contract';
import { API_BASE, client, read } from '../../../lib/api';
import { readSession } from '../../../lib/session';

type Beat = Omit<Heartbeat, 'token'>;

// The beacon below cannot go through the typed client (navigator.sendBeacon makes the request).
const heartbeatPath = (lectureId: number) => `/me/lectures/${lectureId}/heartbeat`;

/** One heartbeat of a viewing: the parts played since the last one, and where playback stands. */
export const sendHeartbeat = (lectureId: number, beat: Beat) =>
  read(
    client.POST('/me/lectures/{id}/heartbeat', { params: { path: { id: lectureId } }, body: beat }),
    heartbeatAnswerSchema,
  );

/**
 * The beat sent as the page hides or closes: a beacon outlives the page, but cannot carry the
 * Authorization header, so the token goes in the body; as text/plain, which needs no CORS preflight
 * (the server reads it as JSON). False when the browser would not queue it.
 */
export function sendHeartbeatBeacon(lectureId: number, beat: Beat): boolean {
  const token = readSession()?.token;
  if (!token || typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ ...beat, token })], { type: 'text/plain;charset=UTF-8' });
  return navigator.sendBeacon(`${API_BASE}${heartbeatPath(lectureId)}`, body);
}
