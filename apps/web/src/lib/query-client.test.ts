import { QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { clearSession, writeSession } from './session';
import { showStatus, useStatus } from './status-store';

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

describe('mutation status texts', () => {
  const statusNow = () => {
    let seen: unknown;
    const probe = () => {
      seen = useStatus();
      return null;
    };
    renderHook(probe);
    return seen;
  };

  it("shows a mutation's declared success text, and its failure red whatever the words", async () => {
    const client = createQueryClient();
    const ok = client.getMutationCache().build(client, {
      mutationFn: async (title: string) => title.length,
      meta: { success: (title: string) => `Course "${title}" saved` },
    });
    await ok.execute('Kinetics');
    expect(statusNow()).toEqual({ kind: 'success', text: 'Course "Kinetics" saved' });

    const refused = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw new ApiError(409, 'Cannot delete course "Kinetics" because its exams have 2 submission(s).');
      },
      meta: { error: (_v: unknown, error: unknown) => (error as ApiError).message },
    });
    await refused.execute(undefined).catch(() => {});
    expect(statusNow()).toEqual({
      kind: 'error',
      text: 'Cannot delete course "Kinetics" because its exams have 2 submission(s).',
    });
  });

  it('clears the last message when the next action starts, and leaves silent mutations alone', async () => {
    const client = createQueryClient();
    showStatus({ kind: 'success', text: 'Old news' });
    const silent = client.getMutationCache().build(client, { mutationFn: async () => 1 });
    await silent.execute(undefined);
    expect(statusNow()).toEqual({ kind: 'success', text: 'Old news' });
    let release: (() => void) | undefined;
    const pending = client.getMutationCache().build(client, {
      mutationFn: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      meta: { success: 'Done' },
    });
    const running = pending.execute(undefined);
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(statusNow()).toBeNull();
    release?.();
    await running;
    expect(statusNow()).toEqual({ kind: 'success', text: 'Done' });
  });
});
