import { Alert, Loader } from '@mantine/core';
import { idSchema } from '@valence/contract';
import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useExamDetail } from '../../features/exams';
import { MarkingStudio } from '../../features/marking-studio';
import { failureText } from '../../lib/failure-text';

/**
 * /exams/:examId/mark (and ?script=ID): the marking studio, a chunk of its own so pdf.js and the
 * drawing tools never load with other pages.
 */
export function MarkExamRoute() {
  const examId = idSchema('examId').safeParse(useParams().examId);
  const [search] = useSearchParams();
  const script = idSchema('script').safeParse(search.get('script'));
  const navigate = useNavigate();
  const open = useCallback(
    (id: number, replace = false) => navigate({ search: `?script=${id}` }, { replace }),
    [navigate],
  );
  if (!examId.success)
    return (
      <Alert color="red" role="alert" m="md">
        Exam ID is missing.
      </Alert>
    );
  return (
    <StudioPage key={examId.data} examId={examId.data} scriptId={script.success ? script.data : null} onOpen={open} />
  );
}

function StudioPage({
  examId,
  scriptId,
  onOpen,
}: {
  examId: number;
  scriptId: number | null;
  onOpen: (id: number, replace?: boolean) => void;
}) {
  const exam = useExamDetail(examId);
  if (exam.isError)
    return (
      <Alert color="red" role="alert" m="md">
        {failureText(exam.error, 'Failed to load exam.')}
      </Alert>
    );
  if (!exam.data) return <Loader size="sm" aria-label="Loading exam" m="md" />;
  return (
    <MarkingStudio
      examId={examId}
      scriptId={scriptId}
      contentDeleted={exam.data.contentDeleted}
      onOpen={onOpen}
      submissionsPath={`/exams/${examId}/submissions`}
    />
  );
}
