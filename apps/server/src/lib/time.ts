export const HOUR_MS = 3600 * 1000;
