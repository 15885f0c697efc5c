/** A part of the lecture that was played: [from, to] in seconds of the lecture. */
export type Segment = [number, number];

/**
 * How much further than the wall clock a player may report between two readings before it counts
 * as a jump: timeupdate and the YouTube poll are irregular, and a rate change lands a reading late.
 */
const JUMP_TOLERANCE_SECONDS = 1.5;

/** A step back smaller than this is the player's jitter, not a seek back. */
const BACK_JITTER_SECONDS = 0.5;

/** The contract's cap on segments per heartbeat. */
export const MAX_BEAT_SEGMENTS = 200;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The seconds of a lecture actually played on this device, as segments: time counts only while
 * playing, a jump (seek, or a reading further than the clock allows) closes the segment and opens
 * another at the new place, so skipped parts are not counted, and everything stays within
 * [0, duration]. A part watched again gives a segment overlapping an earlier one: the server merges
 * them, so it counts once. Pure: the player's events come in with the time they happened (`now`, ms).
 */
export class PlayTracker {
  private readonly limit: number;
  private playing = false;
  private seeking = false;
  private rate = 1;
  /** The segment being played, or null when paused, seeking or not started. */
  private open: { from: number; to: number; at: number } | null = null;
  /** Closed segments not handed out yet. */
  private done: Segment[] = [];
  private lastPosition = 0;

  /** `duration` of the lecture in seconds; 0 or less when unknown (no upper clamp). */
  constructor(duration: number) {
    this.limit = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  /** Where playback stands, within the lecture. */
  get position(): number {
    return this.lastPosition;
  }

  /** Whether there is anything to hand out. */
  get hasUnsent(): boolean {
    return this.done.length > 0 || (this.open !== null && this.open.to > this.open.from);
  }

  /** Playback started (or restarted after a seek, a pause or buffering) at `position`. */
  play(position: number, now: number): void {
    if (this.playing && !this.seeking && this.open) {
      this.time(position, now);
      return;
    }
    this.playing = true;
    this.seeking = false;
    this.openAt(position, now);
  }

  /** A reading of the playback position (timeupdate, or the YouTube poll). */
  time(position: number, now: number): void {
    const at = this.clamp(position);
    if (!this.playing || this.seeking || !this.open) {
      if (!this.seeking) this.lastPosition = at;
      return;
    }
    const step = at - this.open.to;
    const allowed = (Math.max(0, now - this.open.at) / 1000) * this.rate + JUMP_TOLERANCE_SECONDS;
    if (step < -BACK_JITTER_SECONDS || step > allowed) {
      // A jump the player did not announce: the skipped part is not played.
      this.close();
      this.openAt(at, now);
      return;
    }
    if (step > 0) this.open.to = at;
    this.open.at = now;
    this.lastPosition = at;
  }

  /** Playback stopped at `position` (pause); the segment closes there. */
  pause(position: number, now: number): void {
    this.time(position, now);
    this.close();
    this.playing = false;
    this.seeking = false;
  }

  /** The lecture played to its end. */
  ended(position: number, now: number): void {
    this.pause(position, now);
  }

  /** A seek began: the segment closes where it was last seen; readings until `seeked` are the seek's. */
  seekStart(): void {
    this.close();
    this.seeking = true;
  }

  /** A seek ended at `position`: playing goes on from there (if it was playing). */
  seeked(position: number, now: number): void {
    this.seeking = false;
    this.lastPosition = this.clamp(position);
    if (this.playing) this.openAt(position, now);
  }

  /** The playback rate (the app keeps it at 1; a reading at another rate is not taken for a jump). */
  setRate(rate: number): void {
    if (rate > 0 && Number.isFinite(rate)) this.rate = rate;
  }

  /**
   * The segments played since the last call, each handed out once (at most MAX_BEAT_SEGMENTS; the
   * rest wait for the next call). The segment being played goes on from where this one ends.
   */
  drain(): Segment[] {
    if (this.open && this.open.to > this.open.from) {
      this.done.push([this.open.from, this.open.to]);
      this.open.from = this.open.to;
    }
    const out: Segment[] = [];
    const rest: Segment[] = [];
    for (const [from, to] of this.done) {
      const segment: Segment = [round(from), round(to)];
      // The server refuses a segment that does not end after it starts.
      if (!(segment[1] > segment[0])) continue;
      (out.length < MAX_BEAT_SEGMENTS ? out : rest).push(segment);
    }
    this.done = rest;
    return out;
  }

  /** Puts back segments a beat could not deliver, so the next beat carries them. */
  restore(segments: Segment[]): void {
    this.done = [...segments, ...this.done];
  }

  private clamp(position: number): number {
    if (!Number.isFinite(position)) return this.lastPosition;
    return Math.min(Math.max(position, 0), this.limit);
  }

  private openAt(position: number, now: number): void {
    const at = this.clamp(position);
    this.open = { from: at, to: at, at: now };
    this.lastPosition = at;
  }

  private close(): void {
    if (this.open && this.open.to > this.open.from) this.done.push([this.open.from, this.open.to]);
    this.open = null;
  }
}
