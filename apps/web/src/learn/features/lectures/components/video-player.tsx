import { useQuery } from '@tanstack/react-query';
import { MAX_PLAYBACK_RATE, PLAYBACK_RATES, type Resource } from '@valence/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meQuery } from '../../../lib/me';
import { DATA_SAVER_HEIGHT, type HlsHandle, playsHlsNatively, type Quality, startHls } from '../model/hls-source';
import type { Watch } from '../model/use-heartbeats';
import { PlayerControls } from './player-controls';
import { ResumeOffer } from './resume-offer';
import { Watermark } from './watermark';
import './player.css';

export const VIDEO_FAILED = 'The video stopped loading. Check your connection and try again.';

/** A streaming address lasts minutes: the page asks for a fresh one this often while the player is open. */
const REFRESH_SIGNATURE_MS = 2 * 60_000;
const MIN_RATE = PLAYBACK_RATES[0];

/**
 * An uploaded lecture. Once its streaming versions are ready it plays them (HLS through hls.js,
 * loaded only here; the browser's own HLS where it has no Media Source), from the lowest quality
 * up, with a quality menu and the student's Data saver cap; before that, the uploaded file on its
 * signed link (Range requests, so seeking works). Every player event feeds the watch's tracker.
 */
export function VideoPlayer({
  lecture,
  watch,
  reloadUrl,
}: {
  lecture: Resource;
  watch: Watch;
  /** Reads the lecture again (fresh signed links), answering its file's link; the page's own lecture follows. */
  reloadUrl: () => Promise<string | undefined>;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // The addresses the player started with: a refetch of the list (new signatures) must not restart it.
  const [src, setSrc] = useState(lecture.url);
  const [hlsSrc] = useState(lecture.hlsUrl);
  const [failed, setFailed] = useState(false);
  const [offerResume, setOfferResume] = useState(true);
  const [heights, setHeights] = useState<number[]>([]);
  const [quality, setQuality] = useState<Quality>('auto');
  const [rate, setRate] = useState(1);
  const [fullScreen, setFullScreen] = useState(false);
  const seekOnLoad = useRef<number | null>(null);
  const hls = useRef<HlsHandle | null>(null);
  // The page makes a new function each render: the effects below read the latest without restarting.
  const reload = useRef(reloadUrl);
  reload.current = reloadUrl;
  // Every request of the stream carries the freshest signature the page holds.
  const query = useRef('');
  query.current = (lecture.hlsUrl ?? hlsSrc ?? '').split('?')[1] ?? '';
  const me = useQuery(meQuery());
  const dataSaver = me.data?.dataSaver ?? false;
  const settled = me.isSuccess || me.isError;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const { tracker, beat } = watch;
    const now = () => Date.now();
    const handlers: Record<string, () => void> = {
      play: () => {
        setOfferResume(false);
        tracker.play(video.currentTime, now());
      },
      playing: () => tracker.play(video.currentTime, now()),
      timeupdate: () => tracker.time(video.currentTime, now()),
      pause: () => {
        tracker.pause(video.currentTime, now());
        beat();
      },
      ended: () => {
        tracker.ended(video.currentTime, now());
        beat();
      },
      seeking: () => tracker.seekStart(),
      seeked: () => tracker.seeked(video.currentTime, now()),
      ratechange: () => {
        // 0.75× to 2×: the tracker counts lecture seconds at any speed, the server allows up to 2×.
        const clamped = Math.min(MAX_PLAYBACK_RATE, Math.max(MIN_RATE, video.playbackRate));
        if (clamped !== video.playbackRate) video.playbackRate = clamped;
        tracker.setRate(clamped);
        setRate(clamped);
      },
      loadedmetadata: () => {
        if (seekOnLoad.current !== null) {
          video.currentTime = seekOnLoad.current;
          seekOnLoad.current = null;
        }
      },
      error: () => {
        tracker.pause(video.currentTime, now());
        setFailed(true);
      },
    };
    for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
    watch.setSampler(() => tracker.time(video.currentTime, now()));
    return () => {
      for (const [name, handler] of Object.entries(handlers)) video.removeEventListener(name, handler);
      watch.setSampler(null);
    };
  }, [watch]);

  // The streaming versions, once the student's Data saver setting is known.
  useEffect(() => {
    const video = ref.current;
    if (!video || !hlsSrc || !settled) return;
    if (playsHlsNatively(video)) {
      video.src = hlsSrc;
      return;
    }
    let stopped = false;
    void startHls(video, hlsSrc, {
      query: () => query.current,
      maxHeight: dataSaver ? DATA_SAVER_HEIGHT : null,
      onHeights: (offered) => !stopped && setHeights(offered),
      onNetworkFailure: () => {
        // Most often an expired signature: a fresh one, then the same place again.
        void reload.current().then(() => hls.current?.retry());
      },
      onFailure: () => !stopped && setFailed(true),
    }).then((handle) => {
      if (stopped) handle.destroy();
      else hls.current = handle;
    });
    return () => {
      stopped = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [hlsSrc, settled, dataSaver]);

  // Signatures last minutes: keep a fresh one while the lecture is open.
  useEffect(() => {
    if (!hlsSrc) return;
    const timer = setInterval(() => void reload.current(), REFRESH_SIGNATURE_MS);
    return () => clearInterval(timer);
  }, [hlsSrc]);

  // Full screen is the player's box, so the watermark stays over the video. The video element
  // itself going full screen (a browser's own gesture) is turned into the box's.
  useEffect(() => {
    const onChange = () => {
      const element = document.fullscreenElement;
      if (element && element === ref.current) {
        void document.exitFullscreen().then(() => box.current?.requestFullscreen());
        return;
      }
      setFullScreen(element !== null && element === box.current);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullScreen = useCallback(() => {
    const element = box.current;
    if (!element) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (element.requestFullscreen) {
      void element.requestFullscreen().catch(() => setFullScreen((on) => !on));
    } else {
      // No element full screen (an iPhone): the box fills the window instead.
      setFullScreen((on) => !on);
    }
  }, []);

  const resume = (position: number) => {
    const video = ref.current;
    if (!video) return;
    setOfferResume(false);
    video.currentTime = position;
    playQuietly(video);
  };

  const retry = async () => {
    const url = await reloadUrl();
    seekOnLoad.current = watch.tracker.position;
    setFailed(false);
    if (hlsSrc) {
      hls.current?.retry();
      return;
    }
    if (url) setSrc(url);
  };

  const chooseQuality = (next: Quality) => {
    setQuality(next);
    hls.current?.setQuality(next);
  };

  const chooseRate = (next: number) => {
    const video = ref.current;
    if (video) video.playbackRate = next;
  };

  return (
    <div className="stack">
      <div
        ref={box}
        className={`player-box${fullScreen && !document.fullscreenElement ? ' player-box-filled' : ''}`}
        data-testid="player"
      >
        {/* biome-ignore lint/a11y/useMediaCaption: lectures are uploaded without caption files. */}
        <video
          ref={ref}
          className="video"
          aria-label={lecture.name}
          src={hlsSrc ? undefined : src}
          poster={lecture.posterUrl}
          controls
          playsInline
          preload="metadata"
          controlsList="noplaybackrate nofullscreen nodownload"
          onDoubleClick={(event) => {
            event.preventDefault();
            toggleFullScreen();
          }}
        />
        {lecture.watermark && <Watermark text={lecture.watermark} />}
      </div>
      <PlayerControls
        heights={heights}
        quality={quality}
        onQuality={chooseQuality}
        dataSaver={dataSaver}
        rate={rate}
        onRate={chooseRate}
        fullScreen={fullScreen}
        onFullScreen={toggleFullScreen}
      />
      {failed && (
        <div className="alert error" role="alert">
          <p>{VIDEO_FAILED}</p>
          <button type="button" className="button secondary" onClick={() => void retry()}>
            Try again
          </button>
        </div>
      )}
      {offerResume && !failed && <ResumeOffer lectureId={lecture.id} duration={lecture.duration} onResume={resume} />}
    </div>
  );
}

/** play() is refused without a user gesture on some phones: the student then presses play. */
function playQuietly(video: HTMLVideoElement) {
  try {
    void Promise.resolve(video.play()).catch(() => undefined);
  } catch {
    // jsdom and old browsers: nothing to do.
  }
}
