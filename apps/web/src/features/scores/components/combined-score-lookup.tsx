import { TextInput } from '@mantine/core';
import { useExamScore } from '../api/get-exam-score';
import { scoreLookupSchema } from '../model/lookup-forms';
import { CombinedScoreResult } from './combined-score-result';
import { ScoreLookupForm } from './score-lookup';

/** A student's combined score under an exam identifier: MCQ, PART II and the total. */
export function CombinedScoreLookup() {
  return (
    <ScoreLookupForm
      schema={scoreLookupSchema}
      useResult={useExamScore}
      studentField={({ inputProps }) => (
        <TextInput label="Student ID" inputMode="numeric" placeholder="e.g. 12" {...inputProps('studentId')} />
      )}
      submitLabel="View Score"
      loadingLabel="Loading score"
      failureText="Failed to fetch your score. Please check the Exam Identifier and ensure marks are published."
    >
      {(score) => <CombinedScoreResult score={score} />}
    </ScoreLookupForm>
  );
}
