import { useParams } from 'react-router';
import { PlaceholderPage } from './placeholder-page';

export function ExamSubmissionsRoute() {
  const { examId } = useParams();
  return <PlaceholderPage title={`Submissions of exam ${examId}`} />;
}
export const StudentMarksSummaryRoute = () => <PlaceholderPage title="Student Marks Summary" />;
export const CombinedExamScoresRoute = () => <PlaceholderPage title="Student Combined Exam Scores" />;
