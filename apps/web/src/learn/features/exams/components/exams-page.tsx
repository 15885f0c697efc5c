import { QueryStatus } from '../../../components/query-status';
import './exams.css';
import type { StudentExamSummary } from '@valence/contract';
import { Link } from 'react-router';
import { serverNow } from '../../../lib/server-clock';
import { formatLimit, formatWhen, timeLeft, usePlatformZone } from '../../../lib/time';
import { useMyExams } from '../api/get-my-exams';
import { nextDue, useNow } from '../model/countdown';
import { examStatus, STATUS_LABELS, STATUS_TONES, splitExams, TYPE_LABELS } from '../model/exam-status';
import { opensAtText } from './timed-sitting';

export const NO_EXAMS = 'You have no exams yet. They appear here when your tutor publishes them.';

/**
 * My exams: those still to do first (soonest due on top, with a live countdown; one not open yet
 * counts down to its opening), then the rest. Times are the server's (lib/server-clock).
 */
export default function ExamsPage() {
  const exams = useMyExams();
  const zone = usePlatformZone();
  const now = useNow(
    nextDue(
      (exams.data ?? []).flatMap((exam) => (exam.opensAt ? [exam.opensAt, exam.dueDate] : [exam.dueDate])),
      serverNow(),
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
  const left = status === 'submitted' || status === 'upcoming' ? null : timeLeft(exam.dueDate, now);
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
            {TYPE_LABELS[exam.examType]}
            {exam.timeLimitMinutes !== null && ` · ${formatLimit(exam.timeLimitMinutes)}`} · Due{' '}
            {formatWhen(exam.dueDate, zone)}
          </span>
          {left && <span className="countdown">{left} left</span>}
        </span>
        {status === 'upcoming' && exam.opensAt && (
          <span className="small block countdown">{opensAtText(exam.opensAt, now, zone)}</span>
        )}
        {status === 'submitted' && exam.submittedAt && (
          <span className="small block">Submitted {formatWhen(exam.submittedAt, zone)}</span>
        )}
      </Link>
    </li>
  );
}
