/** Reads a video file's duration in whole seconds from its metadata, the way the browser plays it. */
export function readVideoDuration(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      const seconds = video.duration;
      done();
      if (Number.isFinite(seconds) && seconds >= 0) resolve(Math.round(seconds));
      else reject(new Error('the video reports no finite duration'));
    };
    video.onerror = () => {
      done();
      reject(new Error(video.error?.message || 'the file could not be read as a video'));
    };
    video.src = url;
  });
}
