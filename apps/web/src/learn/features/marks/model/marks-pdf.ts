import type { MyMarksRow } from '@valence/contract';
import { fileNameOf } from '../../../../lib/api-core';
import { saveBlob } from '../../../../lib/download';
import { fileResponse } from '../../../lib/api';
import { marksFileName } from './format';

export type MarksPdfInput = { username: string; timeZone: string; rows: MyMarksRow[] };
/** Downloads the PDF; the page takes another in tests. */
export type WriteMarksPdf = (input: MarksPdfInput) => Promise<void>;

/**
 * My marks as a PDF drawn by the server (`GET /me/marks.pdf`: the marks as they are now, the
 * student's name in any script), handed to the phone's download.
 */
export const downloadMarksPdf: WriteMarksPdf = async ({ username }) => {
  const response = await fileResponse('/me/marks.pdf');
  saveBlob(await response.blob(), fileNameOf(response) ?? marksFileName(username));
};
