import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { MCQ_OPTION_COUNT } from '@valence/contract';
import { hasNotation } from '../../../components/chem-text';
import { LETTERS } from '../model/question-draft';
import { NotationPreview } from './notation-preview';

type OptionFieldsProps = {
  options: string[];
  /** Mantine's input props for a field of this question: 'options.2', 'options', 'correct'. */
  field: (name: string) => GetInputPropsReturnType;
};

/**
 * The five options, one row each (so they stack at any width), each with the radio that marks it
 * correct; an option holding notation shows its preview under it.
 */
export function OptionFields({ options, field }: OptionFieldsProps) {
  const correct = field('correct');
  const optionsError = field('options').error;
  return (
    <Radio.Group
      label="Answer options"
      description={`Fill in all ${MCQ_OPTION_COUNT} options and choose the correct one.`}
      value={correct.value as string}
      onChange={correct.onChange}
      error={correct.error}
    >
      <Stack gap="xs" mt="xs">
        {LETTERS.map((letter, index) => (
          <Stack key={letter} gap={4}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Radio value={String(index)} label={letter} aria-label={`Option ${letter} is correct`} mt={8} />
              <TextInput
                aria-label={`Option ${letter}`}
                placeholder={`Option ${letter}`}
                style={{ flex: 1, minWidth: 0 }}
                {...field(`options.${index}`)}
              />
            </Group>
            {hasNotation(options[index] ?? '') && (
              <NotationPreview text={options[index] ?? ''} label={`Preview of option ${letter}`} />
            )}
          </Stack>
        ))}
      </Stack>
      {optionsError && (
        <Text c="red" size="sm" mt={4}>
          {optionsError}
        </Text>
      )}
    </Radio.Group>
  );
}
