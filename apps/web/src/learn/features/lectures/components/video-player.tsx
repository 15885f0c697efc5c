import type { Resource } from '@valence/contract';
import { useEffect, useRef, useState } from 'react';
import type { Watch } from '../model/use-heartbeats';
import { ResumeOffer } from './resume-offer';

export const VIDEO_FAILED = 'The video stopped loading. Check your connection and try again.';

/**
 * An uploaded lecture in the browser's own player, on its signed link (the server answers Range
 * requests, so seeking works). Every player event feeds the watch's tracker.
 */
export function VideoPlayer({
  lecture,
  watch,
  reloadUrl,
}: {
  lecture: Resource;
  watch: Watch;
  /** A fresh signed link, for when the one the player has has expired. */
  reloadUrl: () => Promise<string | undefined>;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  // The link the player started with: a refetch of the list (new signed links) must not restart it.
  const [src, setSrc] = useState(lecture.url);
  const [failed, setFailed] = useState(false);
  const [offerResume, setOfferResume] = useState(true);
  const seekOnLoad = useRef<number | null>(null);

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
        // The server refuses beats faster than real time: no faster playing.
        if (video.playbackRate > 1) video.playbackRate = 1;
        tracker.setRate(video.playbackRate);
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

  const resume = (position: number) => {
    const video = ref.current;
    if (!video) return;
    setOfferResume(false);
    video.currentTime = position;
    playQuietly(video);
  };

  const retry = async () => {
    const url = await reloadUrl();
    if (!url) return;
    seekOnLoad.current = watch.tracker.position;
    setFailed(false);
    setSrc(url);
  };

  return (
    <div className="stack">
      {/* biome-ignore lint/a11y/useMediaCaption: lectures are uploaded without caption files. */}
      <video
        ref={ref}
        className="video"
        aria-label={lecture.name}
        src={src}
        controls
        playsInline
        preload="metadata"
        controlsList="noplaybackrate"
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
