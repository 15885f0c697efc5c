import type Hls from 'hls.js';

/** A quality the student picks: Auto (adaptive) or one rendition by its height. */
export type Quality = 'auto' | number;

/** The Data saver's cap: the lowest rendition of the ladder. */
export const DATA_SAVER_HEIGHT = 360;

export type HlsHandle = {
  /** Auto, or a height among the renditions (a height above the cap is taken as the cap). */
  setQuality(quality: Quality): void;
  /** Asks the files again, from where playback stands, once a failed request may succeed (a fresh signature). */
  retry(): void;
  destroy(): void;
};

/**
 * Whether the browser plays HLS itself and hls.js cannot: an iPhone before iOS 17.1, with no Media
 * Source. Where both can (Safari on a Mac or an iPad, iOS 17.1 on), hls.js is used, since only it
 * gives the quality menu and the Data saver's cap.
 */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  const mediaSource = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  return !mediaSource && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/** `url` with the query of the freshest signed address: every file of a lecture's stream shares one signature. */
export function withQuery(url: string, query: string): string {
  const parsed = new URL(url, window.location.href);
  parsed.search = query;
  return parsed.toString();
}

/** A rendition's name: its shorter side (a portrait phone video's 360p is 360 wide). */
const heightOf = (level: { width: number; height: number }) =>
  level.width > 0 && level.height > 0 ? Math.min(level.width, level.height) : level.height;

/**
 * Plays `src` through hls.js (imported here, so only the player's chunk loads it): from the lowest
 * rendition, adapting up, never above `maxHeight` (Data saver). Every request carries the query of
 * `query()`, the freshest signature the page holds, so a lecture longer than one signature plays on.
 */
export async function startHls(
  video: HTMLVideoElement,
  src: string,
  options: {
    query: () => string;
    maxHeight: number | null;
    onHeights: (heights: number[]) => void;
    /** A request failed for good (an expired signature, the network): the page fetches a fresh address, then `retry`. */
    onNetworkFailure: () => void;
    onFailure: () => void;
  },
): Promise<HlsHandle> {
  const { default: HlsClass } = await import('hls.js');
  const hls: Hls = new HlsClass({
    startLevel: 0,
    // Segments are immutable: no need to keep much behind the playhead on a phone.
    backBufferLength: 30,
    maxBufferLength: 30,
    xhrSetup(xhr, url) {
      xhr.open('GET', withQuery(url, options.query()), true);
    },
  });
  let heights: number[] = [];
  const capIndex = () => {
    if (options.maxHeight === null) return -1;
    let index = 0;
    heights.forEach((height, i) => {
      if (height <= (options.maxHeight ?? 0)) index = i;
    });
    return index;
  };
  hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
    heights = hls.levels.map(heightOf);
    hls.autoLevelCapping = capIndex();
    options.onHeights(options.maxHeight === null ? heights : heights.filter((h) => h <= (options.maxHeight ?? 0)));
  });
  let mediaRecoveries = 0;
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) options.onNetworkFailure();
    else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 2) hls.recoverMediaError();
    else options.onFailure();
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return {
    setQuality(quality) {
      if (quality === 'auto') {
        hls.currentLevel = -1;
        hls.autoLevelCapping = capIndex();
        return;
      }
      let index = heights.indexOf(quality);
      const cap = capIndex();
      if (cap >= 0 && (index < 0 || index > cap)) index = cap;
      if (index >= 0) hls.currentLevel = index;
    },
    retry() {
      hls.startLoad(video.currentTime);
    },
    destroy() {
      hls.destroy();
    },
  };
}
