import { QueryStatus } from '../../../components/query-status';
import './exams.css';
import type { StudentExamSummary } from '@valence/contract';
import { Link } from 'react-router';
import { formatWhen, timeLeft, usePlatformZone } from '../../../lib/time';
import { useMyExams } from '../api/get-my-exams';
import { nextDue, useNow } from '../model/countdown';
import { examStatus, STATUS_LABELS, STATUS_TONES, splitExams, TYPE_LABELS } from '../model/exam-status';

export const NO_EXAMS = 'You have no exams yet. They appear here when your tutor publishes them.';

/** My exams: those still to do first (soonest due on top, with a live countdown), then the rest. */
export default function ExamsPage() {
  const exams = useMyExams();
  const zone = usePlatformZone();
  const now = useNow(
    nextDue(
      (exams.data ?? []).map((exam) => exam.dueDate),
      Date.now(),
    ),
  );
  const { ahead, done } = splitExams(exams.data ?? [], now);

  return (
    <div>
      <h1>Exams</h1>
      <QueryStatus
        query={exams}
        loading="Loading your exams…"
        failed={'Your exams could not be loaded. Please try again.'}
      />
      {exams.data?.length === 0 && <p className="muted">{NO_EXAMS}</p>}
      {ahead.length > 0 && (
        <ul className="list" aria-label="Exams to do">
          {ahead.map((exam) => (
            <ExamCard key={exam.id} exam={exam} now={now} zone={zone} />
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <>
          <h2>Submitted and closed</h2>
          <ul className="list" aria-label="Submitted and closed exams">
            {done.map((exam) => (
              <ExamCard key={exam.id} exam={exam} now={now} zone={zone} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ExamCard({ exam, now, zone }: { exam: StudentExamSummary; now: number; zone: string | undefined }) {
  const status = examStatus(exam, now);
  const left = status === 'submitted' ? null : timeLeft(exam.dueDate, now);
  return (
    <li>
      <Link className="card" to={`/exams/${exam.id}`}>
        <span className="row">
          <span className="small muted">{exam.courseTitle}</span>
          <span className={`badge ${STATUS_TONES[status]}`}>{STATUS_LABELS[status]}</span>
        </span>
        <span className="card-title">{exam.title}</span>
        <span className="row small muted">
          <span>
            {TYPE_LABELS[exam.examType]} · Due {formatWhen(exam.dueDate, zone)}
          </span>
          {left && <span className="countdown">{left} left</span>}
        </span>
        {status === 'submitted' && exam.submittedAt && (
          <span className="small block">Submitted {formatWhen(exam.submittedAt, zone)}</span>
        )}
      </Link>
    </li>
  );
}
