import { useQueryClient } from '@tanstack/react-query';
import { type MyMarksPart, type MyMarksPartTwo, type MyMarksRow, TOTAL_FORMULA } from '@valence/contract';
import { useState } from 'react';
import { ChemText } from '../../../../components/chem-text';
import { QueryStatus } from '../../../components/query-status';
import { failureText } from '../../../lib/api';
import { formatWhen, usePlatformZone } from '../../../lib/time';
import { meQuery } from '../api/get-me';
import { useMyMarks } from '../api/get-my-marks';
import { formatScore, NO_SCORE, partialTotalNote, partStatus, scoreOutOf } from '../model/format';
import { downloadMarksPdf, type WriteMarksPdf } from '../model/marks-pdf';

export const NO_MARKS = 'No marks yet. Marks appear here once your tutor publishes them.';
export const PDF_FAILED = 'Your marks PDF could not be made. Please try again.';
/** The zone the server's default is, for the PDF when the settings have not arrived yet. */
const FALLBACK_ZONE = 'Asia/Colombo';

/** My marks: a card per exam (MCQ, PART II, total), each part only as far as my tutor has published it. */
export default function MarksPage({ writePdf = downloadMarksPdf }: { writePdf?: WriteMarksPdf }) {
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
      setPdf({ busy: false, error: failureText(error, PDF_FAILED) });
    }
  };

  return (
    <div>
      <h1>My marks</h1>
      <QueryStatus
        query={marks}
        loading="Loading your marks…"
        failed={'Your marks could not be loaded. Please try again.'}
      />
      {marks.data?.length === 0 && <p className="muted">{NO_MARKS}</p>}
      {marks.data && marks.data.length > 0 && (
        <>
          <div className="field">
            <button
              type="button"
              className="button secondary block"
              disabled={pdf.busy}
              onClick={() => void makePdf(marks.data)}
            >
              {pdf.busy ? 'Making your PDF…' : 'Download PDF'}
            </button>
          </div>
          {pdf.error && (
            <p className="alert error" role="alert">
              {pdf.error}
            </p>
          )}
          <p className="small muted">{TOTAL_FORMULA}</p>
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
  const note = partialTotalNote(row);
  return (
    <li>
      <section className="card" aria-labelledby={`exam-${row.examIdentifier}`}>
        <h2 className="card-title marks-heading" id={`exam-${row.examIdentifier}`}>
          {row.examIdentifier}
        </h2>
        {row.mcq && <Part name="MCQ" part={row.mcq} outOf={50} zone={zone} />}
        {row.partTwo && <Part name="PART II" part={row.partTwo} outOf={100} zone={zone} />}
        <p className="row marks-total">
          <span>Total</span>
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
  const status = partStatus(part);
  const grade = 'grade' in part ? part.grade : null;
  const paper = 'markedPaperUrl' in part ? part.markedPaperUrl : null;
  return (
    <div className="marks-part">
      <h3 className="row">
        <span>
          {name} <span className="muted small">· {part.examTitle}</span>
        </span>
        <span className={`badge ${status.tone}`.trim()}>{status.label}</span>
      </h3>
      {part.status === 'Marked' && (
        <p className="marks-score">
          {scoreOutOf(part.score, outOf)}
          {grade && <span className="marks-grade"> · Grade {grade}</span>}
        </p>
      )}
      {part.submittedAt && <p className="small muted">Submitted {formatWhen(part.submittedAt, zone)}</p>}
      {part.feedback && (
        <div className="marks-feedback">
          <p className="small muted">Feedback from your tutor</p>
          <ChemText text={part.feedback} />
        </div>
      )}
      {paper && (
        <a className="button secondary" href={paper} download>
          Download marked paper
        </a>
      )}
    </div>
  );
}
