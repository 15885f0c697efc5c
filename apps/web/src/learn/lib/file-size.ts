const KB = 1024;
const MB = 1024 * KB;

/**
 * A file's size as a student reads it: KB (whole) under 1 MB, so a 25 KB page is not "0.0 MB",
 * else MB with one decimal. A file of a few bytes is 1 KB, not 0.
 */
export function fileSize(bytes: number): string {
  const kilobytes = bytes > 0 ? Math.max(1, Math.round(bytes / KB)) : 0;
  if (kilobytes < 1024) return `${kilobytes} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
