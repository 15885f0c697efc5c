import type { VideoStream } from '@valence/contract';
import type { Tx } from '../../db/client.js';

/**
 * The streaming versions of uploaded videos, as the resources module asks for them. The streaming
 * module attaches itself (`app.resources.attachStreams`): it needs the resources, not the reverse.
 */
export interface VideoStreams {
  /** A new or replaced video's transcode is queued in the resource's own transaction (nothing without ffmpeg). */
  queue(tx: Tx, resourceId: number): Promise<void>;
  /** Called after that transaction commits: start the queued work now rather than at the next poll. */
  queued(): void;
  /** Each uploaded video's streaming state. */
  statusOf(resourceIds: number[]): Promise<Map<number, VideoStream>>;
  /** The signed HLS and poster addresses of those videos that are ready, for that student. */
  playbackFor(studentId: number, resourceIds: number[]): Promise<Map<number, { hlsUrl: string; posterUrl: string }>>;
  /** The stored keys of those resources' renditions, read before their rows go (removed after the commit). */
  storedKeys(tx: Tx, resourceIds: number[]): Promise<string[]>;
}
