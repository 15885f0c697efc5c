import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { clearSession, writeSession } from './session';

function observe(queryFn: () => Promise<number>) {
  const observer = new QueryObserver(createQueryClient(), { queryKey: ['courses'], queryFn });
  return observer.subscribe(() => undefined);
}

describe('query client', () => {
  it('sends no query without a session (a logout would otherwise fetch again, unauthorised)', () => {
    clearSession();
    const queryFn = vi.fn(async () => 1);
    const stop = observe(queryFn);
    expect(queryFn).not.toHaveBeenCalled();
    stop();
  });

  it('runs queries while signed in', () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const queryFn = vi.fn(async () => 1);
    const stop = observe(queryFn);
    expect(queryFn).toHaveBeenCalledOnce();
    stop();
  });
});
