/** How long the probe waits for a length before it gives up and the tutor is asked to type it. */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * A video file's length in whole seconds, the way the browser plays it, or null when the browser
 * cannot tell (a file it cannot open, or one that never states a length). Never rejects: the
 * browser's own error text (such as "PipelineStatus::DEMUXER_ERROR…") means nothing to a tutor.
 *
 * A WebM recorded in the browser (MediaRecorder) states no length in its header: its duration is
 * Infinity until the player is asked for a time far past the end, when it scans the file and
 * announces the real length with a durationchange.
 */
export function readVideoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('durationchange', onDurationChange);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const known = () => Number.isFinite(video.duration) && video.duration >= 0;
    const onDurationChange = () => {
      if (known()) finish(Math.round(video.duration));
    };
    const onMetadata = () => {
      if (known()) return finish(Math.round(video.duration));
      video.addEventListener('durationchange', onDurationChange);
      video.currentTime = 1e101;
    };
    const onError = () => finish(null);
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', onMetadata);
    video.addEventListener('error', onError);
    timer = setTimeout(() => finish(null), PROBE_TIMEOUT_MS);
    video.src = url;
  });
}
