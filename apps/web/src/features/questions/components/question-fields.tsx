import { FileInput, Stack, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IMAGE_ACCEPT } from '@valence/contract';
import type { ReactNode } from 'react';
import type { QuestionDraft } from '../model/question-draft';
import { NotationPreview } from './notation-preview';
import { OptionFields } from './option-fields';

type QuestionFieldsProps = {
  draft: QuestionDraft;
  /** Mantine's input props for a field of this question ('questionText', 'image', 'options.0', …). */
  field: (name: string) => GetInputPropsReturnType;
  /** The stored picture and its 'Remove image' choice, when editing. */
  currentImage?: ReactNode;
};

const NOTATION_HINT = 'Chemistry as \\ce{H2SO4} or \\ce{A <=> B}, maths between $…$ (e.g. $\\Delta H$).';

/** One question's inputs, shared by the dialog and the add-many form. */
export function QuestionFields({ draft, field, currentImage }: QuestionFieldsProps) {
  return (
    <Stack gap="sm">
      <Textarea
        label="Question text"
        description={NOTATION_HINT}
        rows={3}
        resize="vertical"
        {...field('questionText')}
      />
      {draft.questionText.trim() && <NotationPreview text={draft.questionText} label="Preview of the question" />}
      {currentImage}
      <FileInput
        label="Question image (optional)"
        placeholder="Choose an image"
        accept={IMAGE_ACCEPT}
        clearable
        {...field('image')}
      />
      <OptionFields options={draft.options} field={field} />
    </Stack>
  );
}
