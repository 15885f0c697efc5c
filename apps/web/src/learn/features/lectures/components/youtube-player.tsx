import type { Resource } from '@valence/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import en from '../../../locales/en.json';
import type { Watch } from '../model/use-heartbeats';
import { loadYouTubeApi, YT_STATE, type YtPlayer, youTubeId } from '../model/youtube';
import { ResumeOffer } from './resume-offer';

export const YOUTUBE_FAILED = en.lecture.youtubeFailed;

/** The IFrame API has no timeupdate: while playing, the position is read this often. */
const POLL_MS = 1000;

/**
 * A YouTube lecture in YouTube's player on its privacy-enhanced host (no cookies until the student
 * plays). Its state changes and a one-second poll while playing feed the watch's tracker.
 */
export function YouTubePlayer({ lecture, watch }: { lecture: Resource; watch: Watch }) {
  // "Try again" after the API failed to load starts the player afresh.
  const [attempt, setAttempt] = useState(0);
  return <YouTubeFrame key={attempt} lecture={lecture} watch={watch} retry={() => setAttempt((n) => n + 1)} />;
}

function YouTubeFrame({ lecture, watch, retry }: { lecture: Resource; watch: Watch; retry: () => void }) {
  const { t } = useTranslation();
  const videoId = youTubeId(lecture.url);
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YtPlayer | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [offerResume, setOfferResume] = useState(true);
  // Read when the player is ready: a renamed lecture (a refetch of the list) must not restart it.
  const name = useRef(lecture.name);
  name.current = lecture.name;

  useEffect(() => {
    const element = host.current;
    if (!videoId || !element) return;
    const { tracker, beat } = watch;
    const now = () => Date.now();
    let poll: number | undefined;
    let gone = false;
    const stopPoll = () => window.clearInterval(poll);
    const at = (target: YtPlayer) => target.getCurrentTime();

    // The API replaces the element it is given: give it a child React does not own.
    const mount = document.createElement('div');
    element.replaceChildren(mount);

    loadYouTubeApi().then(
      (YT) => {
        if (gone) return;
        player.current = new YT.Player(mount, {
          host: 'https://www.youtube-nocookie.com',
          videoId,
          width: '100%',
          height: '100%',
          playerVars: { playsinline: 1, rel: 0, origin: window.location.origin },
          events: {
            onReady: ({ target }) => {
              // Screen readers name the frame by the lecture, not by YouTube's generic title.
              target.getIframe().title = name.current;
              setReady(true);
            },
            onStateChange: ({ target, data }) => {
              if (data === YT_STATE.PLAYING) {
                setOfferResume(false);
                tracker.play(at(target), now());
                stopPoll();
                poll = window.setInterval(() => tracker.time(at(target), now()), POLL_MS);
              } else if (data === YT_STATE.BUFFERING) {
                // A seek shows as buffering, then playing at the new place.
                stopPoll();
                tracker.time(at(target), now());
                tracker.seekStart();
              } else if (data === YT_STATE.PAUSED || data === YT_STATE.ENDED) {
                stopPoll();
                if (data === YT_STATE.ENDED) tracker.ended(at(target), now());
                else tracker.pause(at(target), now());
                beat();
              }
            },
            onPlaybackRateChange: ({ target, data }) => {
              // The server refuses beats faster than real time: no faster playing.
              if (data > 1) target.setPlaybackRate(1);
              tracker.setRate(Math.min(data, 1));
            },
          },
        });
        watch.setSampler(() => {
          const current = player.current;
          if (current && current.getPlayerState() === YT_STATE.PLAYING) tracker.time(at(current), now());
        });
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      stopPoll();
      watch.setSampler(null);
      player.current?.destroy();
      player.current = null;
      setReady(false);
    };
  }, [videoId, watch]);

  if (!videoId) {
    return (
      <p>
        This video plays on YouTube:{' '}
        <a href={lecture.url} target="_blank" rel="noreferrer">
          open it on YouTube
        </a>
        .
      </p>
    );
  }

  const resume = (position: number) => {
    const current = player.current;
    if (!current) return;
    setOfferResume(false);
    current.seekTo(position, true);
    current.playVideo();
  };

  return (
    <div className="stack">
      <div className="video video-frame" ref={host} />
      {failed && (
        <div className="alert error" role="alert">
          <p>{t('lecture.youtubeFailed')}</p>
          <button type="button" className="button secondary" onClick={retry}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {offerResume && !failed && (
        <ResumeOffer lectureId={lecture.id} duration={lecture.duration} onResume={resume} disabled={!ready} />
      )}
    </div>
  );
}
