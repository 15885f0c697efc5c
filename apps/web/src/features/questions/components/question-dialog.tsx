import { Group, Switch } from '@mantine/core';
import { type McqQuestion, rescoreWarning } from '@valence/contract';
import { confirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { useContractForm } from '../../../lib/form';
import { useAddQuestion } from '../api/add-question';
import { getAnsweredCount } from '../api/get-answered-count';
import { useUpdateQuestion } from '../api/update-question';
import { QUESTION_TEXTS } from '../messages';
import { type EditDraft, editDraftOf, editDraftSchema, toQuestionInput } from '../model/question-draft';
import { serverMessage } from '../model/server-message';
import { QuestionFields } from './question-fields';

type QuestionDialogProps = {
  examId: number;
  /** The question to edit, or null to add one. */
  question: McqQuestion | null;
  onClose: () => void;
};

/**
 * 'Add Question' / 'Edit Question': text with a live preview, an optional picture, five options and
 * the correct one. Mounted only while open, so each opening starts from the question as stored.
 */
export function QuestionDialog({ examId, question, onClose }: QuestionDialogProps) {
  const add = useAddQuestion();
  const update = useUpdateQuestion();
  const save = question ? update : add;
  const form = useContractForm<EditDraft>(editDraftSchema, editDraftOf(question));
  const draft = form.getValues();

  /**
   * A new correct option re-scores every student who answered the question: said first, with how
   * many, and saved only once confirmed. When the count cannot be read the save goes ahead (the
   * server re-scores either way).
   */
  async function rescoreAccepted(values: EditDraft): Promise<boolean> {
    if (!question || values.correct === editDraftOf(question).correct) return true;
    const count = await getAnsweredCount(examId, question.id).catch(() => 0);
    if (count === 0) return true;
    return confirmDialog({
      title: 'Change the correct option?',
      message: rescoreWarning(count),
      confirmLabel: 'Save and recalculate',
    });
  }

  async function submit(values: EditDraft) {
    if (!(await rescoreAccepted(values))) return;
    const payload = { examId, input: toQuestionInput(values), image: values.image };
    try {
      if (question) await update.mutateAsync({ ...payload, questionId: question.id });
      else await add.mutateAsync(payload);
      onClose();
    } catch {
      // Shown below the fields; what was typed stays for another try.
    }
  }

  const currentImage = draft.currentImageUrl && (
    <Group gap="sm" align="center" wrap="wrap">
      <img
        src={draft.currentImageUrl}
        alt="Current question"
        style={{ maxWidth: 160, maxHeight: 120, objectFit: 'contain', opacity: draft.removeImage ? 0.35 : 1 }}
      />
      <Switch label="Remove image" {...form.getInputProps('removeImage', { type: 'checkbox' })} />
    </Group>
  );

  return (
    // A phone gets the whole screen: five options with previews do not fit a centred box.
    <FormDialog
      title={question ? 'Edit Question' : 'Add Question'}
      size="lg"
      fullScreenOnPhone
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      error={save.isError && (serverMessage(save.error) ?? QUESTION_TEXTS.saveFailed)}
      submitLabel={question ? 'Save Changes' : 'Add Question'}
      pending={save.isPending}
    >
      <QuestionFields draft={draft} field={(name) => form.getInputProps(name)} currentImage={currentImage} />
    </FormDialog>
  );
}
