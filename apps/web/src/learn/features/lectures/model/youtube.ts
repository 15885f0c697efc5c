/** The parts of YouTube's IFrame API the lecture player uses. */
export type YtPlayer = {
  getCurrentTime(): number;
  getPlayerState(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  setPlaybackRate(rate: number): void;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
};

type PlayerEvent = { target: YtPlayer; data: number };

export type YouTubeApi = {
  Player: new (
    element: HTMLElement,
    options: {
      host?: string;
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: PlayerEvent) => void;
        onStateChange?: (event: PlayerEvent) => void;
        onPlaybackRateChange?: (event: PlayerEvent) => void;
        onError?: (event: PlayerEvent) => void;
      };
    },
  ) => YtPlayer;
};

/** YT.PlayerState. */
export const YT_STATE = { ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 } as const;

declare global {
  interface Window {
    YT?: YouTubeApi & { loaded?: number };
    onYouTubeIframeAPIReady?: () => void;
  }
}

const API_SCRIPT = 'https://www.youtube.com/iframe_api';
let loading: Promise<YouTubeApi> | null = null;

/** Loads the IFrame API once, only when a YouTube lecture is opened (a script tag, as YouTube asks). */
export function loadYouTubeApi(): Promise<YouTubeApi> {
  if (window.YT?.Player && window.YT.loaded) return Promise.resolve(window.YT);
  if (loading) return loading;
  loading = new Promise<YouTubeApi>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement('script');
    script.src = API_SCRIPT;
    script.async = true;
    script.onerror = () => {
      // Let a later visit try again (the network may be back).
      loading = null;
      script.remove();
      reject(new Error('The YouTube player could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** The video id of a YouTube address (watch, youtu.be, embed, shorts, live), or null. */
export function youTubeId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  const valid = (id: string | null | undefined) => (id && /^[\w-]{11}$/.test(id) ? id : null);
  if (host === 'youtu.be') return valid(url.pathname.split('/')[1]);
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return valid(url.searchParams.get('v'));
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v' ? valid(id) : null;
}
