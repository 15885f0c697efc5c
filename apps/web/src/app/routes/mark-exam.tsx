import { Alert } from '@mantine/core';
import { idSchema } from '@valence/contract';
import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MarkingStudio } from '../../features/marking-studio';

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
  // The studio's one opening call says when the exam's content is deleted: no read of the exam first.
  return (
    <MarkingStudio
      examId={examId}
      scriptId={scriptId}
      onOpen={onOpen}
      submissionsPath={`/exams/${examId}/submissions`}
    />
  );
}
