import { useMarksSummary } from '../api/get-marks-summary';
import { marksLookupSchema } from '../model/lookup-forms';
import { MarksSummaryResult } from './marks-summary-result';
import { ScoreLookupForm } from './score-lookup';
import { StudentSelect } from './student-select';

/** Staff look up one student's marks under an exam identifier: both papers, the total, a PDF. */
export function MarksSummaryLookup({ timeZone }: { timeZone: string }) {
  return (
    <ScoreLookupForm
      schema={marksLookupSchema}
      useResult={useMarksSummary}
      studentField={({ form }) => (
        <StudentSelect
          value={form.getValues().studentId || null}
          onChange={(id) => form.setFieldValue('studentId', id ?? '')}
          error={Boolean(form.errors.studentId)}
        />
      )}
      submitLabel="Get Summary"
      loadingLabel="Loading marks summary"
      failureText="Failed to fetch marks summary. Please check the Student ID and Exam Identifier."
    >
      {(summary) => <MarksSummaryResult summary={summary} timeZone={timeZone} />}
    </ScoreLookupForm>
  );
}
