import { Group, NumberInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ResourceFormValues } from '../model/resource-rules';

/** A link's length in hours, minutes and seconds. */
export function DurationFields({ form }: { form: UseFormReturnType<ResourceFormValues> }) {
  // No clamping: 70 minutes must be refused with a message, not quietly saved as 59.
  const field = (name: 'hours' | 'minutes' | 'seconds', label: string, max?: number) => (
    <NumberInput
      label={label}
      min={0}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      {...form.getInputProps(name)}
    />
  );
  return (
    <Group grow align="flex-start">
      {field('hours', 'Hours')}
      {field('minutes', 'Minutes', 59)}
      {field('seconds', 'Seconds', 59)}
    </Group>
  );
}
