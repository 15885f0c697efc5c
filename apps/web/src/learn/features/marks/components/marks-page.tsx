import { useQueryClient } from '@tanstack/react-query';
import type { MyMarksPart, MyMarksPartTwo, MyMarksRow } from '@valence/contract';
import { useState } from 'react';
import { ChemText } from '../../../../components/chem-text';
import { QueryStatus } from '../../../components/query-status';
import { failureText } from '../../../lib/api';
import { knownMessage, useTranslation } from '../../../lib/i18n';
import { formatWhen, usePlatformZone } from '../../../lib/time';
import en from '../../../locales/en.json';
import { meQuery } from '../api/get-me';
import { useMyMarks } from '../api/get-my-marks';
import { formatScore, NO_SCORE, partialTotalNote, partStatus, scoreOutOf } from '../model/format';
import { downloadMarksPdf, type WriteMarksPdf } from '../model/marks-pdf';

export const NO_MARKS = en.marks.none;
export const PDF_FAILED = en.marks.pdfFailed;
/** The zone the server's default is, for the PDF when the settings have not arrived yet. */
const FALLBACK_ZONE = 'Asia/Colombo';

/** My marks: a card per exam (MCQ, PART II, total), each part only as far as my tutor has published it. */
export default function MarksPage({ writePdf = downloadMarksPdf }: { writePdf?: WriteMarksPdf }) {
  const { t } = useTranslation();
  const marks = useMyMarks();
  const zone = usePlatformZone();
  const queryClient = useQueryClient();
  const [pdf, setPdf] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const makePdf = async (rows: MyMarksRow[]) => {
    setPdf({ busy: true, error: null });
    try {
      const me = await queryClient.fetchQuery(meQuery());
      await writePdf({ username: me.username, timeZone: zone ?? FALLBACK_ZONE, rows });
      setPdf({ busy: false, error: null });
    } catch (error) {
      setPdf({ busy: false, error: knownMessage(failureText(error, t('marks.pdfFailed'))) });
    }
  };

  return (
    <div>
      <h1>{t('marks.title')}</h1>
      <QueryStatus query={marks} loading={t('marks.loading')} failed={t('marks.failed')} />
      {marks.data?.length === 0 && <p className="muted">{t('marks.none')}</p>}
      {marks.data && marks.data.length > 0 && (
        <>
          <div className="field">
            <button
              type="button"
              className="button secondary block"
              disabled={pdf.busy}
              onClick={() => void makePdf(marks.data)}
            >
              {pdf.busy ? t('marks.making') : t('marks.download')}
            </button>
          </div>
          {pdf.error && (
            <p className="alert error" role="alert">
              {pdf.error}
            </p>
          )}
          <p className="small muted">{t('marks.formula')}</p>
          <ul className="list">
            {marks.data.map((row) => (
              <MarksCard key={row.examIdentifier} row={row} zone={zone} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function MarksCard({ row, zone }: { row: MyMarksRow; zone: string | undefined }) {
  const { t } = useTranslation();
  const note = partialTotalNote(row);
  return (
    <li>
      <section className="card" aria-labelledby={`exam-${row.examIdentifier}`}>
        <h2 className="card-title marks-heading" id={`exam-${row.examIdentifier}`}>
          {row.examIdentifier}
        </h2>
        {row.mcq && <Part name={t('exams.type.MCQ')} part={row.mcq} outOf={50} zone={zone} />}
        {row.partTwo && <Part name={t('exams.type.TRADITIONAL')} part={row.partTwo} outOf={100} zone={zone} />}
        <p className="row marks-total">
          <span>{t('marks.total')}</span>
          <span>
            <strong>{scoreOutOf(row.combinedTotalScore, 100)}</strong>
            {note && formatScore(row.combinedTotalScore) !== NO_SCORE && <span className="small muted"> ({note})</span>}
          </span>
        </p>
      </section>
    </li>
  );
}

function Part({
  name,
  part,
  outOf,
  zone,
}: {
  name: string;
  part: MyMarksPart | MyMarksPartTwo;
  outOf: number;
  zone: string | undefined;
}) {
  const { t } = useTranslation();
  const status = partStatus(part);
  const grade = 'grade' in part ? part.grade : null;
  const paper = 'markedPaperUrl' in part ? part.markedPaperUrl : null;
  return (
    <div className="marks-part">
      <h3 className="row">
        <span>
          {name}{' '}
          <span className="muted small">
            · <ChemText text={part.examTitle} />
          </span>
        </span>
        <span className={`badge ${status.tone}`.trim()}>{status.label}</span>
      </h3>
      {part.status === 'Marked' && (
        <p className="marks-score">
          {scoreOutOf(part.score, outOf)}
          {grade && <span className="marks-grade"> · {t('marks.grade', { grade })}</span>}
        </p>
      )}
      {part.submittedAt && (
        <p className="small muted">{t('exams.submittedAt', { when: formatWhen(part.submittedAt, zone) })}</p>
      )}
      {part.feedback && (
        <div className="marks-feedback">
          <p className="small muted">{t('marks.feedback')}</p>
          <ChemText text={part.feedback} />
        </div>
      )}
      {paper && (
        <a className="button secondary" href={paper} download>
          {t('marks.markedPaper')}
        </a>
      )}
    </div>
  );
}
