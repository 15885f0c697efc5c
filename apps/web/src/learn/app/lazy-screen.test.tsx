import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Lesson = () => <p>Lesson one</p>;

function drawn(Page: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyScreen', () => {
  it('draws a started screen at once, without showing the fallback first', async () => {
    const lesson = lazyScreen('/lesson', async () => ({ default: Lesson }));
    await lesson.start();
    drawn(lesson.Page);
    // Checked straight after the first render: React.lazy would show "Loading…" here.
    expect(screen.getByText('Lesson one')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('draws a screen nobody started as React.lazy does: the fallback, then the screen', async () => {
    const lesson = lazyScreen('/lesson', async () => ({ default: Lesson }));
    drawn(lesson.Page);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Lesson one')).toBeTruthy();
  });

  it('downloads once however often it is started', async () => {
    const load = vi.fn(async () => ({ default: Lesson }));
    const lesson = lazyScreen('/lesson', load);
    await Promise.all([lesson.start(), lesson.start()]);
    await lesson.start();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('settles on a failed download, and a later start tries again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Lesson }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Lesson });
    const lesson = lazyScreen('/lesson', load);
    await expect(lesson.start()).resolves.toBeUndefined();
    await lesson.start();
    expect(load).toHaveBeenCalledTimes(2);
    drawn(lesson.Page);
    expect(screen.getByText('Lesson one')).toBeTruthy();
  });
});
