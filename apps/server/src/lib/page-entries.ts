import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/*
 * The portal's build writes, beside index.html, one entry HTML per lazily loaded page that also
 * preloads that page's code (apps/web/vite-plugin-page-preload.ts), and pages/index.json saying which
 * address pattern gets which file. Sending that file for the address saves a phone the round trip in
 * which it would otherwise learn, only after the first bundle ran, which chunks the page needs.
 */
const entriesSchema = z.array(
  z.object({
    path: z.string().min(1),
    // Only files the build writes under pages/: a doctored list cannot name anything else.
    html: z.string().regex(/^pages\/[a-z0-9-]+\.html$/),
  }),
);

type Entry = { segments: string[]; html: string };

const segmentsOf = (pathname: string) => pathname.split('/').filter((part) => part !== '');

/** React Router's matching for the patterns the portal uses: `:name` is any one segment, the rest literal. */
function matches(pattern: string[], segments: string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, i) => (part.startsWith(':') ? true : part === segments[i]));
}

/**
 * Which file of the web build to send for a portal address: the page's own entry when the build made
 * one, else `index.html`. The list is read again whenever it changes on disk, so a rebuild is served
 * without a restart, as the rest of the build is; a missing or unreadable list means plain index.html.
 */
export function pageEntries(webDist: string, onError: (error: unknown) => void) {
  const listFile = path.join(webDist, 'pages', 'index.json');
  let cached: { version: string; entries: Entry[] } | null = null;

  async function entries(): Promise<Entry[]> {
    let version: string;
    try {
      const info = await stat(listFile);
      version = `${info.mtimeMs}:${info.size}`;
    } catch {
      return [];
    }
    if (cached?.version === version) return cached.entries;
    try {
      const list = entriesSchema.parse(JSON.parse(await readFile(listFile, 'utf8')));
      cached = { version, entries: list.map((entry) => ({ segments: segmentsOf(entry.path), html: entry.html })) };
    } catch (error) {
      onError(error);
      cached = { version, entries: [] };
    }
    return cached.entries;
  }

  return async function fileFor(pathname: string): Promise<string> {
    const segments = segmentsOf(pathname);
    const entry = (await entries()).find((candidate) => matches(candidate.segments, segments));
    return entry?.html ?? 'index.html';
  };
}
