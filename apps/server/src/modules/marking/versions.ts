import { formatInTimeZone, MARKING_MESSAGES, staleChangeMessage } from '@valence/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import type { SubmissionRow } from '../submissions/service.js';
import { nameOfStaff } from './reads-queue.js';

/** What a save's If-Match asks: a version, any (`*`), or nothing (saved as before, for older clients). */
export type Expected = number | '*' | undefined;

const MAX_VERSION = 2_147_483_647;

/** What the OpenAPI page says of the header on the two calls that take it. */
export const IF_MATCH_NOTE =
  'Send `If-Match: "<version>"` with the submission\'s `version` as read: a save from an older version is refused (409) with who changed it, when, and the current `version` (send again with it to overwrite). Without the header the save is made as before.';

/** The header as documented; `readIfMatch` reads it (others pass through untouched). */
export const ifMatchHeaderSchema = z
  .object({ 'if-match': z.string().optional().describe('"<version>" of the submission as read, or *') })
  .loose();

/**
 * Reads `If-Match: "<version>"` (weak `W/"…"` too, as a proxy may rewrite it). A value that is no
 * version is refused rather than ignored: a client that sends one means to be protected by it.
 */
export function readIfMatch(header: string | string[] | undefined): Expected {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return '*';
  const quoted = /^(?:W\/)?"(\d{1,10})"$/.exec(value);
  const version = quoted ? Number(quoted[1]) : Number.NaN;
  if (!Number.isSafeInteger(version) || version > MAX_VERSION) throw badRequest(MARKING_MESSAGES.ifMatch);
  return version;
}

/**
 * Refuses (409) a save made from another version than the stored one, naming who saved the stored
 * one and when. `current` must be the row locked for this save, so a save racing it waits and then
 * sees the version it left.
 */
export async function assertCurrent(db: DbOrTx, current: SubmissionRow, expected: Expected, timeZone: string) {
  if (expected === undefined || expected === '*' || expected === current.version) return;
  refuseStale(current, await nameOfStaff(db, current.changedBy), timeZone);
}

/**
 * The same check on a row read with the name of whoever changed it last (`changedByName`), for a
 * save that writes only if the row is still at the version it was read at.
 */
export function assertCurrentAs(
  current: Pick<SubmissionRow, 'version' | 'changedAt'> & { changedByName: string | null },
  expected: Expected,
  timeZone: string,
) {
  if (expected === undefined || expected === '*' || expected === current.version) return;
  refuseStale(current, current.changedByName, timeZone);
}

function refuseStale(
  current: Pick<SubmissionRow, 'version' | 'changedAt'>,
  name: string | null,
  timeZone: string,
): never {
  const who = name ?? 'Someone';
  const changedAt = current.changedAt?.toISOString() ?? null;
  const when = changedAt ? formatInTimeZone(changedAt, timeZone) : 'an earlier time';
  throw new HttpError(409, staleChangeMessage(who, when), {}, { version: current.version, changedBy: who, changedAt });
}
