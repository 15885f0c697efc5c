import { Alert, Button, Card, Group, Input, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useAddResource } from '../model/add-resource';
import { EMPTY_RESOURCE, type ResourceFormValues, validateResourceForm } from '../model/resource-rules';
import { DurationFields } from './duration-fields';

/** Adds a lecture resource: an uploaded file (tus, resumable) or a YouTube link. */
export function ResourceForm({ courseId }: { courseId: number }) {
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ResourceFormValues>({ initialValues: EMPTY_RESOURCE });
  const { add, busy, progress, resetProgress } = useAddResource(courseId);
  const [problem, setProblem] = useState<string | null>(null);
  // The name follows the chosen file or link until the user types their own.
  const [nameTouched, setNameTouched] = useState(false);
  const values = form.getValues();

  function chooseFile(file: File | null) {
    form.setValues({ file, ...(file ? { link: '' } : {}), ...(nameTouched ? {} : { name: file?.name ?? '' }) });
  }

  function changeLink(link: string) {
    if (link && values.file && fileInput.current) fileInput.current.value = '';
    form.setValues({ link, ...(link ? { file: null } : {}), ...(nameTouched ? {} : { name: link.trim() }) });
  }

  async function handleSubmit(submitted: ResourceFormValues) {
    if (busy) return;
    const found = validateResourceForm(submitted);
    if (found === 'skip') return;
    setProblem(found);
    if (found || !(await add(submitted))) return;
    form.reset();
    if (fileInput.current) fileInput.current.value = '';
    setNameTouched(false);
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
    />
  );

  return (
    <Card withBorder padding="lg" component="section">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
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
              value={values.link}
              disabled={busy}
              onChange={(event) => changeLink(event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Resource Name"
            placeholder="Defaults to the file name or link"
            value={values.name}
            disabled={busy}
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
          {!values.file && values.link.trim() !== '' && <DurationFields form={form} />}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
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
