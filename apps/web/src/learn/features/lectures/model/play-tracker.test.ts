import { describe, expect, it } from 'vitest';
import { MAX_BEAT_SEGMENTS, PlayTracker } from './play-tracker';

/** Plays from `from` to `to` as a player reports it: a reading every 250 ms of wall time. */
function playThrough(tracker: PlayTracker, from: number, to: number, start: number): number {
  let now = start;
  for (let t = from + 0.25; t <= to + 1e-9; t += 0.25) {
    now += 250;
    tracker.time(t, now);
  }
  return now;
}

describe('PlayTracker', () => {
  it('counts the seconds played, not the seconds paused', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    let now = playThrough(tracker, 0, 10, 0);
    tracker.pause(10, now);
    // A minute paused: readings while paused (the player still reports its place) add nothing.
    tracker.time(10, now + 30_000);
    now += 60_000;
    tracker.play(10, now);
    now = playThrough(tracker, 10, 15, now);
    tracker.pause(15, now);
    expect(tracker.drain()).toEqual([
      [0, 10],
      [10, 15],
    ]);
    expect(tracker.position).toBe(15);
    expect(tracker.isPlaying).toBe(false);
  });

  it('does not count a part skipped by a seek', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    let now = playThrough(tracker, 0, 20, 0);
    tracker.seekStart();
    // The player reports the new place while seeking: not played.
    tracker.time(300, now + 100);
    tracker.seeked(300, now + 200);
    now = playThrough(tracker, 300, 305, now + 200);
    tracker.pause(305, now);
    expect(tracker.drain()).toEqual([
      [0, 20],
      [300, 305],
    ]);
  });

  it('takes a reading further than the clock allows for a jump (YouTube has no seek events)', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    tracker.time(1, 1000);
    tracker.time(2, 2000);
    tracker.time(120, 3000);
    tracker.time(121, 4000);
    tracker.time(40, 5000);
    tracker.time(41, 6000);
    tracker.pause(41, 6000);
    expect(tracker.drain()).toEqual([
      [0, 2],
      [120, 121],
      [40, 41],
    ]);
  });

  it('gives overlapping segments for a part watched again (the server counts it once)', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    let now = playThrough(tracker, 0, 30, 0);
    tracker.seekStart();
    tracker.seeked(10, now);
    now = playThrough(tracker, 10, 20, now);
    tracker.pause(20, now);
    expect(tracker.drain()).toEqual([
      [0, 30],
      [10, 20],
    ]);
  });

  it('keeps every segment within the lecture', () => {
    const tracker = new PlayTracker(100);
    tracker.play(98, 0);
    tracker.time(99, 1000);
    tracker.time(100.4, 2000);
    tracker.ended(100.6, 2100);
    expect(tracker.drain()).toEqual([[98, 100]]);
    expect(tracker.position).toBe(100);
    tracker.seeked(-3, 3000);
    expect(tracker.position).toBe(0);
  });

  it('hands each segment out once, the one being played going on from where the last beat stopped', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    let now = playThrough(tracker, 0, 10, 0);
    expect(tracker.drain()).toEqual([[0, 10]]);
    expect(tracker.drain()).toEqual([]);
    expect(tracker.hasUnsent).toBe(false);
    now = playThrough(tracker, 10, 12, now);
    expect(tracker.hasUnsent).toBe(true);
    expect(tracker.drain()).toEqual([[10, 12]]);
    tracker.pause(12, now);
    expect(tracker.drain()).toEqual([]);
  });

  it('carries segments put back after a failed beat with the next one', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    let now = playThrough(tracker, 0, 10, 0);
    const failed = tracker.drain();
    tracker.restore(failed);
    now = playThrough(tracker, 10, 20, now);
    expect(tracker.drain()).toEqual([
      [0, 10],
      [10, 20],
    ]);
  });

  it('does not count time before the first frame, or a buffering stall', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    // Buffering: the clock runs, the position does not.
    tracker.time(0, 5000);
    tracker.time(0.25, 5250);
    tracker.pause(0.25, 5300);
    expect(tracker.drain()).toEqual([[0, 0.25]]);
  });

  it('hands out at most the contract’s cap of segments in one beat', () => {
    const tracker = new PlayTracker(10_000);
    let now = 0;
    for (let i = 0; i < MAX_BEAT_SEGMENTS + 5; i += 1) {
      tracker.play(i * 10, now);
      tracker.time(i * 10 + 1, now + 1000);
      tracker.pause(i * 10 + 1, now + 1000);
      now += 2000;
    }
    expect(tracker.drain()).toHaveLength(MAX_BEAT_SEGMENTS);
    expect(tracker.drain()).toHaveLength(5);
  });

  it('ignores a rate it is told of only for telling jumps, and not a second play event', () => {
    const tracker = new PlayTracker(600);
    tracker.play(0, 0);
    tracker.play(0.1, 100);
    tracker.setRate(2);
    tracker.time(2.1, 1100);
    tracker.pause(2.1, 1100);
    expect(tracker.drain()).toEqual([[0, 2.1]]);
  });
});
