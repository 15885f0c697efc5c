import type { StoredRendition } from '../../db/schema.js';

/**
 * Every stored key of a finished set of renditions under `prefix` (`streams/<resource>/<generation>`):
 * the master playlist, the poster, and per rendition its playlist and numbered segments.
 */
export function renditionKeys(prefix: string, renditions: StoredRendition[]): string[] {
  const keys = [`${prefix}/master.m3u8`, `${prefix}/poster.jpg`];
  for (const rendition of renditions) {
    const dir = `${prefix}/${rendition.height}p`;
    keys.push(`${dir}/index.m3u8`);
    for (let i = 0; i < rendition.segments; i++) keys.push(`${dir}/seg_${String(i).padStart(5, '0')}.ts`);
  }
  return keys;
}
