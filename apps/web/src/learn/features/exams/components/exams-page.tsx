import { QueryStatus } from '../../../components/query-status';
import './exams.css';
import type { StudentExamSummary } from '@valence/contract';
import { Link } from 'react-router';
import { ChemText } from '../../../../components/chem-text';
import { useTranslation } from '../../../lib/i18n';
import { serverNow } from '../../../lib/server-clock';
import { formatLimit, formatWhen, timeLeft, usePlatformZone } from '../../../lib/time';
import en from '../../../locales/en.json';
import { useMyExams } from '../api/get-my-exams';
import { nextDue, useNow } from '../model/countdown';
import { examStatus, STATUS_LABELS, STATUS_TONES, splitExams, TYPE_LABELS } from '../model/exam-status';
import { opensAtText } from './timed-sitting';

export const NO_EXAMS = en.exams.none;

/**
 * My exams: those still to do first (soonest due on top, with a live countdown; one not open yet
 * counts down to its opening), then the rest. Times are the server's (lib/server-clock).
 */
export default function ExamsPage() {
  const { t } = useTranslation();
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
      <h1>{t('exams.title')}</h1>
      <QueryStatus query={exams} loading={t('exams.loading')} failed={t('exams.failed')} />
      {exams.data?.length === 0 && <p className="muted">{t('exams.none')}</p>}
      {ahead.length > 0 && (
        <ul className="list" aria-label={t('exams.toDo')}>
          {ahead.map((exam) => (
            <ExamCard key={exam.id} exam={exam} now={now} zone={zone} />
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <>
          <h2>{t('exams.done')}</h2>
          <ul className="list" aria-label={t('exams.doneLabel')}>
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
  const { t } = useTranslation();
  const status = examStatus(exam, now);
  const left = status === 'submitted' || status === 'upcoming' ? null : timeLeft(exam.dueDate, now);
  return (
    <li>
      <Link className="card" to={`/exams/${exam.id}`}>
        <span className="row">
          <span className="small muted">
            <ChemText text={exam.courseTitle} />
          </span>
          <span className={`badge ${STATUS_TONES[status]}`}>{t(STATUS_LABELS[status])}</span>
        </span>
        <span className="card-title">
          <ChemText text={exam.title} />
        </span>
        <span className="row small muted">
          <span>
            {t(TYPE_LABELS[exam.examType])}
            {exam.timeLimitMinutes !== null && ` · ${formatLimit(exam.timeLimitMinutes)}`} ·{' '}
            {t('exams.due', { when: formatWhen(exam.dueDate, zone) })}
          </span>
          {left && <span className="countdown">{t('exams.left', { time: left })}</span>}
        </span>
        {status === 'upcoming' && exam.opensAt && (
          <span className="small block countdown">{opensAtText(exam.opensAt, now, zone)}</span>
        )}
        {status === 'submitted' && exam.submittedAt && (
          <span className="small block">{t('exams.submittedAt', { when: formatWhen(exam.submittedAt, zone) })}</span>
        )}
      </Link>
    </li>
  );
}
