import { STREAM_HEIGHTS } from '@valence/contract';

/** One rendition to make: its frame size (even numbers) and the bitrates it is held to. */
export type Rung = {
  /** The rendition's name, the shorter side and a p: 360p. */
  name: string;
  /** The shorter side: a portrait phone video's 360p is 360 wide. */
  height: number;
  width: number;
  frameHeight: number;
  videoKbps: number;
  audioKbps: number;
  /** What the master playlist states: the peak, with the container's overhead. */
  bandwidth: number;
};

/**
 * Peak video bitrates per height. A lecture (a slide, a face, a hand writing) needs far less than
 * films; the cap keeps the 360p rung, with its 64 kbit/s of sound, under 3.5 MB a minute (Data saver).
 */
const VIDEO_KBPS: Record<number, number> = { 360: 320, 540: 700, 720: 1200 };
const AUDIO_KBPS: Record<number, number> = { 360: 64, 540: 96, 720: 128 };

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The HLS ladder for a source of that displayed size: 360p, 540p and 720p, none above the source's
 * shorter side and its aspect kept; a source smaller than 360p gets one rung of its own size.
 */
export function ladderFor(sourceWidth: number, sourceHeight: number): Rung[] {
  const portrait = sourceHeight > sourceWidth;
  const short = portrait ? sourceWidth : sourceHeight;
  const long = portrait ? sourceHeight : sourceWidth;
  let heights: number[] = STREAM_HEIGHTS.filter((height) => height <= short);
  if (heights.length === 0) heights = [even(short)];
  return heights.map((height) => {
    const side = even((long * height) / short);
    const videoKbps = VIDEO_KBPS[height] ?? Math.round((VIDEO_KBPS[360] ?? 320) * (height / 360));
    const audioKbps = AUDIO_KBPS[height] ?? 64;
    return {
      name: `${height}p`,
      height,
      width: portrait ? height : side,
      frameHeight: portrait ? side : height,
      videoKbps,
      audioKbps,
      bandwidth: Math.round((videoKbps + audioKbps) * 1000 * 1.1),
    };
  });
}
