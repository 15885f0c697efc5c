import { readVideoDuration } from './video-duration';

const probed = new WeakMap<File, Promise<number | null>>();

/** `readVideoDuration` once per chosen file: the form probes it when chosen, the upload reuses the answer. */
export function videoLength(file: File): Promise<number | null> {
  let length = probed.get(file);
  if (!length) {
    length = readVideoDuration(file);
    probed.set(file, length);
  }
  return length;
}

/** Whether the browser may read a length from the file: only a video's is asked for. */
export const isVideo = (file: File) => file.type.startsWith('video/');
