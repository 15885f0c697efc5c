import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { failure, success } from '../../../lib/status';
import { showStatus } from '../../../lib/status-store';
import { useCreateResource } from '../api/create-resource';
import { useUploadResourceFile } from '../api/upload-resource-file';
import { linkDuration, type ResourceFormValues, resourceName } from './resource-rules';
import { isVideo, videoLength } from './video-length';

/** The {message}/{reason} of a status line: the server's message, else the error's own. */
const reason = (error: unknown) => errorMessage(error, error instanceof Error ? error.message : String(error));

/**
 * Adding a resource, step by step: a video file's duration is probed (or typed, when the browser
 * cannot read it), the file goes up through tus
 * (resumable, with progress), then the resource is created; a link is created directly. Each step
 * says what failed in the screen's fixed words. Resolves true when the resource was added.
 */
export function useAddResource(courseId: number) {
  const upload = useUploadResourceFile();
  const create = useCreateResource();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function addFile(file: File, values: ResourceFormValues, dates: Dates): Promise<boolean> {
    // A video's length the browser cannot read (a WebM recorded in a browser may state none) is the
    // one the tutor typed, or left to the server, which measures every uploaded video (ffprobe).
    let duration: number | undefined = 0;
    if (isVideo(file)) duration = (await videoLength(file)) ?? linkDuration(values) ?? undefined;
    setProgress(0);
    let key: string;
    try {
      key = await upload.mutateAsync({ file, onProgress: setProgress });
    } catch (error) {
      showStatus(failure(`Error uploading file: ${reason(error)}`));
      return false;
    }
    const type = file.type || 'application/octet-stream';
    const input = {
      name: resourceName(values.name, file.name),
      url: key,
      type,
      courseId,
      ...(duration === undefined ? {} : { duration }),
      ...dates,
    };
    try {
      await create.mutateAsync(input);
      showStatus(success('Resource added successfully'));
      return true;
    } catch (error) {
      showStatus(failure(`Error adding resource: ${reason(error)}`));
      return false;
    }
  }

  async function addLink(url: string, values: ResourceFormValues, dates: Dates): Promise<boolean> {
    const duration = linkDuration(values) ?? 0;
    try {
      await create.mutateAsync({
        name: resourceName(values.name, url),
        url,
        type: 'link',
        courseId,
        duration,
        ...dates,
      });
      showStatus(success('YouTube link added successfully'));
      return true;
    } catch (error) {
      showStatus(failure(`Error adding YouTube link: ${reason(error)}`));
      return false;
    }
  }

  async function add(values: ResourceFormValues): Promise<boolean> {
    // Wall-clock times as typed: the server reads them in the platform time zone.
    const dates = { liveAt: values.liveAt, recordingAt: values.recordingAt, expiresAt: values.expiresAt || null };
    // A stale success line must not pass for this submission's result.
    showStatus(null);
    setBusy(true);
    try {
      return values.file ? await addFile(values.file, values, dates) : await addLink(values.link.trim(), values, dates);
    } finally {
      setBusy(false);
    }
  }

  // A bar at 100 % under an emptied form would read as an upload still pending.
  const resetProgress = () => setProgress(null);
  return { add, busy, progress, resetProgress };
}

type Dates = { liveAt: string; recordingAt: string; expiresAt: string | null };
