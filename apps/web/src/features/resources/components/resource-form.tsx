import { Button, Card, Group, Input, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload, IconX } from '@tabler/icons-react';
import { MAX_RESOURCE_BYTES } from '@valence/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useAddResource } from '../model/add-resource';
import {
  EMPTY_RESOURCE,
  lengthIsTyped,
  RESOURCE_MESSAGES,
  type ResourceFormValues,
  resourceFormErrors,
  type VideoLengthState,
} from '../model/resource-rules';
import { isVideo, videoLength } from '../model/video-length';
import { DurationFields } from './duration-fields';

/** Adds a lecture resource: an uploaded file (tus, resumable) or a YouTube link. */
export function ResourceForm({ courseId }: { courseId: number }) {
  const fileInputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ResourceFormValues>({ initialValues: EMPTY_RESOURCE });
  const { add, busy, progress, resetProgress } = useAddResource(courseId);
  // The name follows the chosen file or link until the user types their own.
  const [nameTouched, setNameTouched] = useState(false);
  // What is missing is said only once a submit was tried; a link is judged once it is left.
  const [submitted, setSubmitted] = useState(false);
  const [linkLeft, setLinkLeft] = useState(false);
  const [lengthState, setLengthState] = useState<VideoLengthState | undefined>();
  const values = form.getValues();
  const errors = resourceFormErrors(values, { submitted, linkLeft, videoLength: lengthState });

  // A chosen video's length is read at once, so the tutor is asked to type it before submitting if need be.
  const { file } = values;
  useEffect(() => {
    setLengthState(undefined);
    // A file refused for its size is never read.
    if (!file || !isVideo(file) || file.size > MAX_RESOURCE_BYTES) return;
    let current = true;
    setLengthState('reading');
    videoLength(file).then((seconds) => {
      if (current) setLengthState(seconds === null ? 'unread' : 'read');
    });
    return () => {
      current = false;
    };
  }, [file]);

  function chooseFile(chosen: File | null) {
    // A link typed already is kept: both together are refused under the link, not one silently dropped.
    form.setValues({ file: chosen, ...(nameTouched ? {} : { name: chosen?.name ?? values.link.trim() }) });
  }

  function removeFile() {
    if (fileInput.current) fileInput.current.value = '';
    chooseFile(null);
  }

  function changeLink(link: string) {
    setLinkLeft(false);
    form.setValues({ link, ...(nameTouched || values.file ? {} : { name: link.trim() }) });
  }

  async function handleSubmit(submittedValues: ResourceFormValues) {
    if (busy) return;
    setSubmitted(true);
    // A video still being read is waited for: whether its length must be typed depends on it.
    let length = lengthState;
    if (submittedValues.file && isVideo(submittedValues.file) && submittedValues.file.size <= MAX_RESOURCE_BYTES) {
      length = (await videoLength(submittedValues.file)) === null ? 'unread' : 'read';
    }
    const found = resourceFormErrors(submittedValues, { submitted: true, linkLeft: true, videoLength: length });
    if (Object.keys(found).length > 0) {
      // The first field in trouble takes the focus, so a keyboard or screen-reader user lands on it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (!(await add(submittedValues))) return;
    form.reset();
    if (fileInput.current) fileInput.current.value = '';
    setNameTouched(false);
    setSubmitted(false);
    setLinkLeft(false);
    resetProgress();
  }

  const dateInput = (name: 'liveAt' | 'recordingAt' | 'expiresAt', label: string, required: boolean) => (
    <TextInput
      type="datetime-local"
      label={label}
      required={required}
      description={required ? undefined : 'Optional'}
      disabled={busy}
      {...form.getInputProps(name)}
      error={errors[name]}
    />
  );

  const fileProblemId = `${fileInputId}-error`;
  const typedLength = lengthIsTyped(values, lengthState);

  return (
    <Card withBorder padding="lg" component="section">
      <form ref={formRef} onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack>
          <Title order={3} id="add-resource-heading">
            Add Resource
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Input.Wrapper
              id={fileInputId}
              label="Resource File"
              description="A video, PDF, image or any other file up to 5 GB"
              error={errors.file}
            >
              <Group gap="xs" mt={6} wrap="nowrap">
                <input
                  id={fileInputId}
                  ref={fileInput}
                  type="file"
                  aria-label="Resource File"
                  aria-invalid={errors.file ? true : undefined}
                  aria-describedby={errors.file ? fileProblemId : undefined}
                  disabled={busy}
                  onChange={(event) => chooseFile(event.currentTarget.files?.[0] ?? null)}
                  style={{ display: 'block', minWidth: 0, flex: 1 }}
                />
                {values.file && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconX size={12} />}
                    disabled={busy}
                    onClick={removeFile}
                  >
                    Remove file
                  </Button>
                )}
              </Group>
            </Input.Wrapper>
            <TextInput
              label="YouTube Link"
              description="Or add a YouTube video instead of a file"
              placeholder="https://www.youtube.com/watch?v=..."
              value={values.link}
              disabled={busy}
              error={errors.link}
              onChange={(event) => changeLink(event.currentTarget.value)}
              onBlur={() => setLinkLeft(true)}
            />
          </SimpleGrid>
          <TextInput
            label="Resource Name"
            placeholder="Defaults to the file name or link"
            value={values.name}
            disabled={busy}
            error={errors.name}
            onChange={(event) => {
              setNameTouched(true);
              form.setFieldValue('name', event.currentTarget.value);
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {dateInput('liveAt', 'Live At', true)}
            {dateInput('recordingAt', 'Recording At', true)}
            {dateInput('expiresAt', 'Expires At', false)}
          </SimpleGrid>
          {values.file && lengthState === 'reading' && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Reading the video's length…
            </Text>
          )}
          {typedLength && (
            <DurationFields
              form={form}
              errors={errors}
              disabled={busy}
              note={values.file ? RESOURCE_MESSAGES.unreadLength : undefined}
            />
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
