import { QueryClient } from '@tanstack/react-query';
import { describe } from 'vitest';
import { type Change, itReReads } from '../../../../test/changes';
import { learnKeys } from '../../../lib/query-keys';
import { useSubmitMcq } from './submit-mcq';
import { useUploadScript } from './upload-script';

const CHANGES: Record<string, Change> = {
  'hand in MCQ answers': {
    use: () => useSubmitMcq(11),
    variables: { answers: [] },
    touches: [learnKeys.myExams, learnKeys.myExam(11), learnKeys.myMarks],
  },
  'hand in a script': {
    use: () => useUploadScript(11),
    variables: { file: new File(['x'], 'script.pdf', { type: 'application/pdf' }) },
    touches: [learnKeys.myExams, learnKeys.myExam(11), learnKeys.myMarks],
  },
};

describe("every hand-in re-reads the student's exams and marks", () => {
  itReReads(CHANGES, () => new QueryClient());
});
