import { Group, Input, NumberInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import type { ResourceFormErrors, ResourceFormValues } from '../model/resource-rules';

type DurationFieldsProps = {
  form: UseFormReturnType<ResourceFormValues>;
  errors: ResourceFormErrors;
  /** Why the length is asked for, when it is not obvious (a video whose length could not be read). */
  note?: string;
  disabled?: boolean;
};

/** A video's length in hours, minutes and seconds, each part's problem under it and the whole's below. */
export function DurationFields({ form, errors, note, disabled }: DurationFieldsProps) {
  const id = useId();
  // No clamping: 70 minutes must be refused with a message, not quietly saved as 59.
  const field = (name: 'hours' | 'minutes' | 'seconds', label: string, max?: number) => (
    <NumberInput
      label={label}
      min={0}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      disabled={disabled}
      {...form.getInputProps(name)}
      error={errors[name]}
      {...(errors.duration ? { 'aria-describedby': `${id}-error` } : {})}
    />
  );
  return (
    <Input.Wrapper id={id} label="Video length" labelElement="div" description={note} error={errors.duration}>
      <Group grow align="flex-start" mt={4}>
        {field('hours', 'Hours')}
        {field('minutes', 'Minutes', 59)}
        {field('seconds', 'Seconds', 59)}
      </Group>
    </Input.Wrapper>
  );
}
