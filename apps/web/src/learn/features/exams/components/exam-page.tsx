import './exams.css';
import type { MySubmission, StudentExam } from '@valence/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, failureText } from '../../../lib/api';
import { formatLimit, formatWhen, timeLeft, usePlatformZone } from '../../../lib/time';
import { useMyExam } from '../api/get-my-exam';
import { useMyExams } from '../api/get-my-exams';
import { useNow } from '../model/countdown';
import { isNotOpenYet, isPastDue, TYPE_LABELS } from '../model/exam-status';
import { McqSitting } from './mcq-sitting';
import { PartTwoSitting } from './part-two-sitting';
import { OpensLater, StartSitting } from './timed-sitting';

export const CLOSED = 'This exam has closed.';

/**
 * One exam: its header with the due time counting down, then the sitting (MCQ questions or the PART
 * II hand-in), or where the student stands once it is submitted or closed. Before its opening, when
 * it opens; a timed exam first asks to be started.
 */
export default function ExamPage() {
  const examId = Number(useParams().examId);
  const exam = useMyExam(examId);
  const zone = usePlatformZone();
  const dueAt = exam.data ? new Date(exam.data.dueDate).getTime() : null;
  const now = useNow(dueAt);
  // The answer to this visit's submission: it alone may carry the mark.
  const [submission, setSubmission] = useState<MySubmission | null>(null);
  // The server's word when it refused a save or a submission (past due, submitted already).
  const [notice, setNotice] = useState<string | null>(null);

  const closed = exam.data ? isPastDue(exam.data, now) : false;
  const refetch = exam.refetch;
  const onSubmitted = useCallback((answer: MySubmission) => {
    setNotice(null);
    setSubmission(answer);
  }, []);
  const onRefused = useCallback(
    (message: string) => {
      setNotice(message);
      void refetch();
    },
    [refetch],
  );
  const askedAtClose = useRef(false);
  useEffect(() => {
    // At the due time the server hands a saved sitting in itself: ask again to show that.
    if (closed && !askedAtClose.current) {
      askedAtClose.current = true;
      void refetch();
    }
  }, [closed, refetch]);

  if (exam.isPending) return <p className="loading">Loading the exam…</p>;
  if (exam.isError && exam.error instanceof ApiError && exam.error.status === 403)
    return <NotOpenYet examId={examId} message={exam.error.message} zone={zone} onOpen={refetch} />;
  // A read that fails once the exam is on screen (offline at the deadline) leaves the sitting as it is.
  if (exam.isError && !exam.data)
    return (
      <div>
        <BackLink />
        <p className="alert error" role="alert">
          {failureText(exam.error, 'The exam could not be loaded. Please try again.')}
        </p>
        <button type="button" className="button secondary" onClick={() => void exam.refetch()}>
          Try again
        </button>
      </div>
    );

  const data = exam.data;
  const left = data.submitted ? null : timeLeft(data.dueDate, now);
  const notOpen = !data.submitted && isNotOpenYet(data, now);
  const deadline = data.sitting ? new Date(data.sitting.deadline).getTime() : null;
  return (
    <div>
      <BackLink />
      <p className="small muted">
        {data.courseTitle} · {TYPE_LABELS[data.examType]}
      </p>
      <h1>{data.title}</h1>
      <p className="small">
        Due {formatWhen(data.dueDate, zone)}
        {left && <span className="countdown"> · {left} left</span>}
        {data.timeLimitMinutes !== null && ` · Time limit ${formatLimit(data.timeLimitMinutes)}`}
      </p>
      {data.description && <p className="muted small description">{data.description}</p>}
      {notice && (
        <p className="alert error" role="alert">
          {notice}
        </p>
      )}
      {notOpen && data.opensAt ? (
        <OpensLater opensAt={data.opensAt} zone={zone} onOpen={refetch} />
      ) : data.examType === 'TRADITIONAL' ? (
        <PartTwoSitting exam={data} />
      ) : data.submitted || submission ? (
        <SubmittedNote exam={data} submission={submission} zone={zone} />
      ) : closed ? (
        <p className="alert info">{CLOSED}</p>
      ) : data.timeLimitMinutes !== null && !data.sitting ? (
        <StartSitting exam={data} zone={zone} />
      ) : (
        <McqSitting exam={data} deadline={deadline} onSubmitted={onSubmitted} onRefused={onRefused} />
      )}
    </div>
  );
}

/**
 * The server refuses an exam before its opening (403, its sentence naming the time). The list knows
 * the opening instant: with it the page counts down and reads the exam again at that moment.
 */
function NotOpenYet({
  examId,
  message,
  zone,
  onOpen,
}: {
  examId: number;
  message: string;
  zone: string | undefined;
  onOpen: () => void;
}) {
  const exams = useMyExams();
  const summary = exams.data?.find((exam) => exam.id === examId);
  return (
    <div>
      <BackLink />
      {summary && (
        <>
          <p className="small muted">
            {summary.courseTitle} · {TYPE_LABELS[summary.examType]}
          </p>
          <h1>{summary.title}</h1>
          <p className="small">
            Due {formatWhen(summary.dueDate, zone)}
            {summary.timeLimitMinutes !== null && ` · Time limit ${formatLimit(summary.timeLimitMinutes)}`}
          </p>
        </>
      )}
      {summary?.opensAt ? (
        <OpensLater opensAt={summary.opensAt} zone={zone} onOpen={onOpen} />
      ) : exams.isPending ? (
        <p className="loading">Loading the exam…</p>
      ) : (
        <p className="alert info">{message}</p>
      )}
    </div>
  );
}

function BackLink() {
  return (
    <p className="small">
      <Link to="/exams">← Exams</Link>
    </p>
  );
}

function SubmittedNote({
  exam,
  submission,
  zone,
}: {
  exam: StudentExam;
  submission: MySubmission | null;
  zone: string | undefined;
}) {
  const at = submission?.submittedAt ?? exam.submittedAt;
  return (
    <div className="alert ok" role="status">
      <p>
        <strong>Submitted</strong>
        {at && ` ${formatWhen(at, zone)}`}
      </p>
      {submission && submission.mcqScore !== null && (
        <p>
          Your mark: <strong>{submission.mcqScore}</strong> out of 50
        </p>
      )}
      <p className="small">
        Your marks appear under <Link to="/marks">Marks</Link>.
      </p>
    </div>
  );
}
