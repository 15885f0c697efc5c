import { z } from 'zod';
import { API_BASE, client, read } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation';

const linkSchema = z.object({ url: z.string() });

/**
 * A link (a couple of minutes) that downloads the exam's scripts.zip as the signed-in tutor: the
 * browser then saves the zip as it streams in, which a fetched Blob of a few GB could not do. The
 * server answers the path under its own prefix; an API on another origin gets that origin put before it.
 */
export async function getScriptsLink(examId: number): Promise<string> {
  const { url } = await read(
    client.GET('/api/v1/exams/{examId}/scripts-link', { params: { path: { examId } } }),
    linkSchema,
  );
  return /^https?:\/\//.test(API_BASE) ? new URL(url, API_BASE).toString() : url;
}

/** Asks for the link when the button is pressed (it expires soon), changing no cached data. */
export const useScriptsLink = mutationHook(getScriptsLink, () => ({}));
