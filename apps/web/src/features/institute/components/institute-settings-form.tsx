import { Button, Card, FileInput, Group, Image, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  INSTITUTE_LIMITS,
  type InstituteSettings,
  type InstituteSettingsUpdate,
  instituteSettingsUpdateSchema,
} from '@valence/contract';
import { useEffect, useState } from 'react';
import { useContractForm } from '../../../lib/form';
import { clearStatus } from '../../../lib/status-store';
import { useDeleteLogo } from '../api/delete-logo';
import { useInstitute } from '../api/get-institute';
import { useUpdateInstitute } from '../api/update-institute';
import { useUploadLogo } from '../api/upload-logo';

const LOGO_LIMIT = `PNG or JPG, at most ${INSTITUTE_LIMITS.logoMaxBytes / 1024 / 1024} MB`;

function DetailsForm({ institute }: { institute: InstituteSettings }) {
  const form = useContractForm<InstituteSettingsUpdate>(instituteSettingsUpdateSchema, {
    name: institute.name,
    address: institute.address,
    contact: institute.contact,
    phone: institute.phone,
    email: institute.email,
    instagram: institute.instagram,
    facebook: institute.facebook,
  });
  const update = useUpdateInstitute();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        await update.mutateAsync(instituteSettingsUpdateSchema.parse(values)).catch(() => undefined);
      }, clearStatus)}
    >
      <Stack>
        <TextInput label="Institute name" maxLength={INSTITUTE_LIMITS.nameMax} {...form.getInputProps('name')} />
        <Textarea
          label="Address"
          autosize
          minRows={2}
          maxLength={INSTITUTE_LIMITS.addressMax}
          {...form.getInputProps('address')}
        />
        <TextInput
          label="Contact"
          description="Telephone, e-mail or web address, as parents should see them"
          maxLength={INSTITUTE_LIMITS.contactMax}
          {...form.getInputProps('contact')}
        />
        <Title order={4}>Contact page</Title>
        <Text c="dimmed" size="sm">
          What everyone sees on the Contact page. A detail left empty is not shown.
        </Text>
        <TextInput
          label="Phone / WhatsApp"
          description="With the country code, as WhatsApp needs it"
          maxLength={INSTITUTE_LIMITS.phoneMax}
          {...form.getInputProps('phone')}
        />
        <TextInput label="E-mail" type="email" maxLength={INSTITUTE_LIMITS.emailMax} {...form.getInputProps('email')} />
        <TextInput
          label="Instagram"
          description="The account's name, without @"
          maxLength={INSTITUTE_LIMITS.accountMax + 1}
          {...form.getInputProps('instagram')}
        />
        <TextInput
          label="Facebook"
          description="The page's name, as in facebook.com/name"
          maxLength={INSTITUTE_LIMITS.accountMax + 1}
          {...form.getInputProps('facebook')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LogoForm({ institute }: { institute: InstituteSettings }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  // The chosen file is shown before it is sent; its object URL goes with it.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? institute.logoUrl;
  return (
    <Stack>
      {shown ? (
        <Image src={shown} alt="Institute logo" h={80} w="auto" fit="contain" maw={240} />
      ) : (
        <Text c="dimmed">No logo set.</Text>
      )}
      <FileInput
        label="Logo"
        description={LOGO_LIMIT}
        placeholder="Choose a file"
        accept="image/png,image/jpeg"
        clearable
        value={file}
        onChange={setFile}
      />
      <Group>
        <Button
          disabled={!file}
          loading={upload.isPending}
          onClick={async () => {
            clearStatus();
            if (!file) return;
            await upload
              .mutateAsync(file)
              .then(() => setFile(null))
              .catch(() => undefined);
          }}
        >
          Upload logo
        </Button>
        {institute.logoUrl ? (
          <Button
            variant="default"
            color="red"
            loading={remove.isPending}
            onClick={() => {
              clearStatus();
              remove.mutateAsync(undefined).catch(() => undefined);
            }}
          >
            Remove logo
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The superadmin's form for the details that head every PDF handed to students and parents. */
export function InstituteSettingsForm() {
  const institute = useInstitute();
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>Institute</Title>
        <Text c="dimmed" size="sm">
          The name, logo, address and contact head every PDF report; the address also shows on the Contact page.
        </Text>
        {institute.isPending ? <Text>Loading</Text> : null}
        {institute.isError ? <Text c="red">Could not load the institute details.</Text> : null}
        {institute.data ? (
          <>
            <DetailsForm key={institute.data.updatedAt} institute={institute.data} />
            <LogoForm institute={institute.data} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
