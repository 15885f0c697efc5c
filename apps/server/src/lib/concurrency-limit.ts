/**
 * Runs at most `limit` tasks at once; the others wait, first come first served. A task that fails
 * frees its place as one that succeeds does.
 */
export function createConcurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`A concurrency limit must be a whole number ≥ 1, not ${limit}.`);
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < limit) running += 1;
    // A finishing task hands its place straight to the next in line, so `running` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
