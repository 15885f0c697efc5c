import './exams.css';
import type { MySubmission, StudentExam } from '@valence/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ChemText, useDocumentTitle } from '../../../../components/chem-text';
import { ApiError, failureText } from '../../../lib/api';
import { knownMessage, useTranslation } from '../../../lib/i18n';
import { formatLimit, formatNumber, formatWhen, timeLeft, usePlatformZone } from '../../../lib/time';
import en from '../../../locales/en.json';
import { useMyExam } from '../api/get-my-exam';
import { useMyExams } from '../api/get-my-exams';
import { useNow } from '../model/countdown';
import { isNotOpenYet, isPastDue, TYPE_LABELS } from '../model/exam-status';
import { McqSitting } from './mcq-sitting';
import { PartTwoSitting } from './part-two-sitting';
import { OpensLater, StartSitting } from './timed-sitting';

export const CLOSED = en.exam.closed;

/**
 * One exam: its header with the due time counting down, then the sitting (MCQ questions or the PART
 * II hand-in), or where the student stands once it is submitted or closed. Before its opening, when
 * it opens; a timed exam first asks to be started.
 */
export default function ExamPage() {
  const { t } = useTranslation();
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
  useDocumentTitle(exam.data?.title);
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

  if (exam.isPending) return <p className="loading">{t('exam.loading')}</p>;
  if (exam.isError && exam.error instanceof ApiError && exam.error.status === 403)
    return <NotOpenYet examId={examId} message={exam.error.message} zone={zone} onOpen={refetch} />;
  // A read that fails once the exam is on screen (offline at the deadline) leaves the sitting as it is.
  if (exam.isError && !exam.data)
    return (
      <div>
        <BackLink />
        <p className="alert error" role="alert">
          {knownMessage(failureText(exam.error, t('exam.failed')))}
        </p>
        <button type="button" className="button secondary" onClick={() => void exam.refetch()}>
          {t('common.tryAgain')}
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
        <ChemText text={data.courseTitle} /> · {t(TYPE_LABELS[data.examType])}
      </p>
      <h1>
        <ChemText text={data.title} />
      </h1>
      <p className="small">
        {t('exams.due', { when: formatWhen(data.dueDate, zone) })}
        {left && <span className="countdown"> · {t('exams.left', { time: left })}</span>}
        {data.timeLimitMinutes !== null && ` · ${t('exam.timeLimit', { limit: formatLimit(data.timeLimitMinutes) })}`}
      </p>
      {data.description && <p className="muted small description">{data.description}</p>}
      {notice && (
        <p className="alert error" role="alert">
          {knownMessage(notice)}
        </p>
      )}
      {notOpen && data.opensAt ? (
        <OpensLater opensAt={data.opensAt} zone={zone} onOpen={refetch} />
      ) : data.examType === 'TRADITIONAL' ? (
        <PartTwoSitting exam={data} />
      ) : data.submitted || submission ? (
        <SubmittedNote exam={data} submission={submission} zone={zone} />
      ) : closed ? (
        <p className="alert info">{t('exam.closed')}</p>
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
  const { t } = useTranslation();
  const exams = useMyExams();
  const summary = exams.data?.find((exam) => exam.id === examId);
  return (
    <div>
      <BackLink />
      {summary && (
        <>
          <p className="small muted">
            <ChemText text={summary.courseTitle} /> · {t(TYPE_LABELS[summary.examType])}
          </p>
          <h1>
            <ChemText text={summary.title} />
          </h1>
          <p className="small">
            {t('exams.due', { when: formatWhen(summary.dueDate, zone) })}
            {summary.timeLimitMinutes !== null &&
              ` · ${t('exam.timeLimit', { limit: formatLimit(summary.timeLimitMinutes) })}`}
          </p>
        </>
      )}
      {summary?.opensAt ? (
        <OpensLater opensAt={summary.opensAt} zone={zone} onOpen={onOpen} />
      ) : exams.isPending ? (
        <p className="loading">{t('exam.loading')}</p>
      ) : (
        <p className="alert info">{knownMessage(message)}</p>
      )}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <p className="small">
      <Link to="/exams">{t('exam.back')}</Link>
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
  const { t } = useTranslation();
  const at = submission?.submittedAt ?? exam.submittedAt;
  return (
    <div className="alert ok" role="status">
      <p>
        <strong>{t('exams.status.submitted')}</strong>
        {at && ` ${formatWhen(at, zone)}`}
      </p>
      {submission && submission.mcqScore !== null && (
        <p>
          <Trans
            i18nKey="exam.yourMark"
            values={{ mark: formatNumber(submission.mcqScore) }}
            components={{ strong: <strong /> }}
          />
        </p>
      )}
      <p className="small">
        <Trans i18nKey="exam.marksWhere" components={{ link: <Link to="/marks" /> }} />
      </p>
    </div>
  );
}
