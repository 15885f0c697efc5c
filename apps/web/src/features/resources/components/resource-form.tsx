import {
  Alert,
  Button,
  Card,
  Group,
  Input,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type CreateResource, isYoutubeUrl, MAX_RESOURCE_BYTES } from '@valence/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { failure, type ShowStatus, success } from '../../../components/status';
import { errorMessage } from '../../../lib/api-client';
import { useCreateResource } from '../api/create-resource';
import { useUploadResourceFile } from '../api/upload-resource-file';
import { readVideoDuration } from './video-duration';

export const RESOURCE_MESSAGES = {
  dates: 'Please provide both liveAt and recordingAt dates.',
  duration: 'Please provide a valid duration.',
  size: 'File size exceeds the 5 GB limit.',
  notYoutube: 'Please provide a YouTube link.',
} as const;

export type ResourceFormValues = {
  file: File | null;
  link: string;
  liveAt: string;
  recordingAt: string;
  hours: number | string;
  minutes: number | string;
  seconds: number | string;
};

const asNumber = (value: number | string) => (typeof value === 'number' ? value : Number(value || 0));

/** Seconds from the h/m/s inputs, or null when a part is out of range or the total is not positive. */
export function linkDuration({ hours, minutes, seconds }: Pick<ResourceFormValues, 'hours' | 'minutes' | 'seconds'>) {
  const [h, m, s] = [asNumber(hours), asNumber(minutes), asNumber(seconds)];
  if (![h, m, s].every(Number.isInteger) || h < 0 || m < 0 || m > 59 || s < 0 || s > 59) return null;
  const total = h * 3600 + m * 60 + s;
  return total > 0 ? total : null;
}

/**
 * Spec section 5, in order: nothing happens without a file or link ('skip'); both dates are
 * required; a link needs a positive duration; a file must fit in 5 GB. Null means valid.
 */
export function validateResourceForm(values: ResourceFormValues): string | 'skip' | null {
  const link = values.link.trim();
  if (!values.file && !link) return 'skip';
  if (!values.liveAt || !values.recordingAt) return RESOURCE_MESSAGES.dates;
  if (!values.file) {
    if (!isYoutubeUrl(link)) return RESOURCE_MESSAGES.notYoutube;
    if (linkDuration(values) === null) return RESOURCE_MESSAGES.duration;
    return null;
  }
  if (values.file.size > MAX_RESOURCE_BYTES) return RESOURCE_MESSAGES.size;
  return null;
}

/** The {message}/{reason} of spec section 8's status lines: the server's message, else the error's own. */
const reason = (error: unknown) => errorMessage(error, error instanceof Error ? error.message : String(error));

const EMPTY = { link: '', name: '', liveAt: '', recordingAt: '', expiresAt: '', hours: 0, minutes: 0, seconds: 0 };

type ResourceFormProps = { courseId: number; onStatus: ShowStatus };

/** Adds a lecture resource: an uploaded file (tus, resumable) or a YouTube link. */
export function ResourceForm({ courseId, onStatus }: ResourceFormProps) {
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState(EMPTY.link);
  const [name, setName] = useState(EMPTY.name);
  const [liveAt, setLiveAt] = useState(EMPTY.liveAt);
  const [recordingAt, setRecordingAt] = useState(EMPTY.recordingAt);
  const [expiresAt, setExpiresAt] = useState(EMPTY.expiresAt);
  const [hours, setHours] = useState<number | string>(EMPTY.hours);
  const [minutes, setMinutes] = useState<number | string>(EMPTY.minutes);
  const [seconds, setSeconds] = useState<number | string>(EMPTY.seconds);
  const [validation, setValidation] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = useUploadResourceFile();
  const createResource = useCreateResource();

  // The name follows the chosen file or link until the user types their own.
  const [nameTouched, setNameTouched] = useState(false);

  function chooseFile(next: File | null) {
    setFile(next);
    if (next) setLink('');
    if (!nameTouched) setName(next?.name ?? '');
  }

  function changeLink(next: string) {
    setLink(next);
    if (next && file) {
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    }
    if (!nameTouched) setName(next.trim());
  }

  function reset() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
    setLink(EMPTY.link);
    setName(EMPTY.name);
    setNameTouched(false);
    setLiveAt(EMPTY.liveAt);
    setRecordingAt(EMPTY.recordingAt);
    setExpiresAt(EMPTY.expiresAt);
    setHours(EMPTY.hours);
    setMinutes(EMPTY.minutes);
    setSeconds(EMPTY.seconds);
    // A bar at 100 % under an emptied form would read as an upload still pending.
    setProgress(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = { file, link, liveAt, recordingAt, hours, minutes, seconds };
    const problem = validateResourceForm(values);
    if (problem === 'skip') return;
    setValidation(problem);
    if (problem) return;

    const dates = {
      // Wall-clock times as typed: the server reads them in the platform time zone.
      liveAt,
      recordingAt,
      expiresAt: expiresAt || null,
    };
    // A stale success line must not pass for this submission's result.
    onStatus(null);
    setBusy(true);
    try {
      if (file) await addFile(file, dates);
      else await addLink(link.trim(), dates);
    } finally {
      setBusy(false);
    }
  }

  type Dates = Pick<CreateResource, 'liveAt' | 'recordingAt' | 'expiresAt'>;

  async function addFile(chosen: File, dates: Dates) {
    let duration = 0;
    if (chosen.type.startsWith('video/')) {
      try {
        duration = await readVideoDuration(chosen);
      } catch (error) {
        onStatus(failure(`Error getting video duration: ${reason(error)}`));
        return;
      }
    }
    setProgress(0);
    let key: string;
    try {
      key = await upload.mutateAsync({ file: chosen, onProgress: setProgress });
    } catch (error) {
      onStatus(failure(`Error uploading file: ${reason(error)}`));
      return;
    }
    try {
      await createResource.mutateAsync({
        name: name.trim() || chosen.name,
        url: key,
        type: chosen.type || 'application/octet-stream',
        courseId,
        duration,
        ...dates,
      });
      onStatus(success('Resource added successfully'));
      reset();
    } catch (error) {
      onStatus(failure(`Error adding resource: ${reason(error)}`));
    }
  }

  async function addLink(url: string, dates: Dates) {
    try {
      await createResource.mutateAsync({
        name: name.trim() || url,
        url,
        type: 'link',
        courseId,
        duration: linkDuration({ hours, minutes, seconds }) ?? 0,
        ...dates,
      });
      onStatus(success('YouTube link added successfully'));
      reset();
    } catch (error) {
      onStatus(failure(`Error adding YouTube link: ${reason(error)}`));
    }
  }

  const isLink = !file && link.trim() !== '';

  return (
    <Card withBorder padding="lg" component="section">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={3} id="add-resource-heading">
            Add Resource
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Input.Wrapper
              id={fileInputId}
              label="Resource File"
              description="A video, PDF, image or any other file up to 5 GB"
            >
              <input
                id={fileInputId}
                ref={fileInput}
                type="file"
                aria-label="Resource File"
                disabled={busy}
                onChange={(event) => chooseFile(event.currentTarget.files?.[0] ?? null)}
                style={{ display: 'block', marginTop: 6 }}
              />
            </Input.Wrapper>
            <TextInput
              label="YouTube Link"
              description="Or add a YouTube video instead of a file"
              placeholder="https://www.youtube.com/watch?v=..."
              value={link}
              disabled={busy}
              onChange={(event) => changeLink(event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Resource Name"
            placeholder="Defaults to the file name or link"
            value={name}
            disabled={busy}
            onChange={(event) => {
              setNameTouched(true);
              setName(event.currentTarget.value);
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="datetime-local"
              label="Live At"
              required
              value={liveAt}
              disabled={busy}
              onChange={(event) => setLiveAt(event.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label="Recording At"
              required
              value={recordingAt}
              disabled={busy}
              onChange={(event) => setRecordingAt(event.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label="Expires At"
              description="Optional"
              value={expiresAt}
              disabled={busy}
              onChange={(event) => setExpiresAt(event.currentTarget.value)}
            />
          </SimpleGrid>
          {isLink && (
            <Group grow align="flex-start">
              {/* No clamping: 70 minutes must be refused with a message, not quietly saved as 59. */}
              <NumberInput
                label="Hours"
                min={0}
                clampBehavior="none"
                allowDecimal={false}
                value={hours}
                onChange={setHours}
              />
              <NumberInput
                label="Minutes"
                min={0}
                max={59}
                clampBehavior="none"
                allowDecimal={false}
                value={minutes}
                onChange={setMinutes}
              />
              <NumberInput
                label="Seconds"
                min={0}
                max={59}
                clampBehavior="none"
                allowDecimal={false}
                value={seconds}
                onChange={setSeconds}
              />
            </Group>
          )}
          {validation && (
            <Alert color="red" role="alert">
              {validation}
            </Alert>
          )}
          {progress !== null && (
            <Group gap="sm" wrap="nowrap">
              <Progress value={progress} style={{ flexGrow: 1 }} aria-label="Upload progress" size="lg" />
              <Text size="sm" fw={600} w={48} ta="right">
                {progress}%
              </Text>
            </Group>
          )}
          <Group>
            <Button type="submit" loading={busy} leftSection={<IconUpload size={16} />}>
              Add Resource
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
