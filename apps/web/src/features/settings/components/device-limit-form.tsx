import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type DeviceLimit, type DeviceLimitUpdate, deviceLimitUpdateSchema, MAX_DEVICE_LIMIT } from '@valence/contract';
import { useContractForm } from '../../../lib/form';
import { clearStatus } from '../../../lib/status-store';
import { useDeviceLimit } from '../api/get-device-limit';
import { useUpdateDeviceLimit } from '../api/update-device-limit';

function LimitForm({ limit }: { limit: DeviceLimit }) {
  const form = useContractForm<DeviceLimitUpdate>(deviceLimitUpdateSchema, {
    maxDevicesPerStudent: limit.maxDevicesPerStudent,
  });
  const update = useUpdateDeviceLimit();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        await update.mutateAsync(deviceLimitUpdateSchema.parse(values)).catch(() => undefined);
      }, clearStatus)}
    >
      <Stack>
        <NumberInput
          label="Devices per student"
          description={
            limit.custom
              ? `Set here. The server's default is ${limit.serverDefault}.`
              : `The server's default (MAX_DEVICES_PER_STUDENT).`
          }
          min={1}
          max={MAX_DEVICE_LIMIT}
          allowDecimal={false}
          allowNegative={false}
          maw={260}
          {...form.getInputProps('maxDevicesPerStudent')}
        />
        <Group>
          <Button type="submit" loading={update.isPending && update.variables?.maxDevicesPerStudent !== null}>
            Save limit
          </Button>
          {limit.custom ? (
            <Button
              variant="default"
              loading={update.isPending && update.variables?.maxDevicesPerStudent === null}
              onClick={() => {
                clearStatus();
                update.mutateAsync({ maxDevicesPerStudent: null }).catch(() => undefined);
              }}
            >
              Use the server's default ({limit.serverDefault})
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The superadmin's device limit: signing a student in on one device too many signs out their oldest. */
export function DeviceLimitForm() {
  const limit = useDeviceLimit();
  return (
    <Card withBorder padding="lg" component="section" aria-label="Device limit">
      <Stack>
        <Title order={3}>Device limit</Title>
        <Text c="dimmed" size="sm">
          How many devices a student may be signed in on at once. Signing in on one more signs the student out on the
          device they signed in on first, and that device is told why. Staff accounts are not limited.
        </Text>
        {limit.isPending ? <Text>Loading</Text> : null}
        {limit.isError ? <Text c="red">Could not load the device limit.</Text> : null}
        {limit.data ? (
          <LimitForm key={`${limit.data.maxDevicesPerStudent}-${limit.data.custom}`} limit={limit.data} />
        ) : null}
      </Stack>
    </Card>
  );
}
