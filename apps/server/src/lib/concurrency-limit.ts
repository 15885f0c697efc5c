/**
 * Runs at most `limit` tasks at once for each key; the others of that key wait, first come first
 * served. A task that fails frees its place as one that succeeds does, and a key with nothing
 * running or waiting is forgotten, so keys that come and go (addresses) hold no memory.
 */
export function createKeyedConcurrencyLimit(limit: number): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`A concurrency limit must be a whole number ≥ 1, not ${limit}.`);
  const lines = new Map<string, { running: number; waiting: Array<() => void> }>();
  return async (key, task) => {
    const line = lines.get(key) ?? { running: 0, waiting: [] };
    lines.set(key, line);
    if (line.running < limit) line.running += 1;
    // A finishing task hands its place straight to the next in line, so a newcomer cannot take it first.
    else await new Promise<void>((resolve) => line.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.running === 0) lines.delete(key);
    }
  };
}

/** `createKeyedConcurrencyLimit` with one line for every task. */
export function createConcurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  const run = createKeyedConcurrencyLimit(limit);
  return (task) => run('', task);
}
