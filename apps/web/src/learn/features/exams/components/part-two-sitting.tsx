import { DEFAULT_ANSWER_MAX_BYTES, type StudentExam } from '@valence/contract';
import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { failureText } from '../../../lib/api';
import { fileSize } from '../../../lib/file-size';
import { i18next, knownMessage, useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { formatWhen, usePlatformZone } from '../../../lib/time';
import en from '../../../locales/en.json';
import { useOpenPaper } from '../api/get-paper';
import { useUploadScript } from '../api/upload-script';
import { combinePages, PageError, preloadPdfLib } from '../model/combine-pages';
import { useTimeLeft } from '../model/countdown';
import { ownerOf } from '../model/draft-queue';
import { pageStore } from '../model/page-store';
import { scaleForPdf } from '../model/script-image';
import { addPages, isPhoto, movePage, newPage, removePage, rotatePage, type ScriptPage } from '../model/script-pages';
import { PartTwoPages } from './part-two-pages';
import { SittingClock, StartSitting } from './timed-sitting';

export const ANSWER_FILE_NAME = 'answer.pdf';
// In English, for the tests; the screen says them in the student's language.
export const PART_TWO_CLOSED = en.exam.closed;
export const NOT_A_PHOTO = en.partTwo.notAPhoto;
export const NOT_A_PDF = en.partTwo.notAPdf;
export const NO_PAGES = en.partTwo.noPages;
export const NO_PDF = en.partTwo.noPdf;
export const NOT_COMBINED = en.partTwo.notCombined;
export const PAST_DUE_KEPT = en.partTwo.pastDueKept;
export const VIEW_ANSWER = en.partTwo.viewAnswer;
export const TIME_UP_KEPT = en.partTwo.timeUpKept;
export const TIME_UP_NONE = en.partTwo.timeUpNone;

type Mode = 'photos' | 'pdf';
type Phase = 'idle' | 'preparing' | 'uploading';

const MAX_TEXT = `${Math.round(DEFAULT_ANSWER_MAX_BYTES / (1024 * 1024))} MB`;

/**
 * A PART II exam: the question paper to download, and the answer handed in as one PDF, either a
 * PDF the student has or photos of the pages put together here. Replacing it is allowed until the due
 * time or until it is marked; past either, the screen says so and only the answer handed in can be
 * viewed. Photographed pages are kept on the phone (`page-store`) until they are handed in.
 * A timed exam is started first; its sitting's countdown stays in view, and at zero no new upload
 * begins (one already under way may finish: the server allows it a grace).
 */
export function PartTwoSitting({ exam }: { exam: StudentExam }) {
  const { t } = useTranslation();
  const zone = usePlatformZone();
  const paper = useOpenPaper(exam.id);
  const upload = useUploadScript(exam.id);
  const pastDue = useClosed(exam.dueDate);
  const left = useTimeLeft(exam.sitting ? new Date(exam.sitting.deadline).getTime() : null);
  const timeUp = left === 0;
  const closed = pastDue || timeUp;
  const notStarted = exam.timeLimitMinutes !== null && !exam.sitting && !exam.submitted && !exam.marked && !pastDue;
  const modeName = useId();
  const nextId = useRef(0);
  // Page ids stay unique against pages kept from an earlier visit, whose counter started at 0 too.
  const idPrefix = useRef(Date.now().toString(36));
  const owner = ownerOf(useSession()?.token ?? '');
  const storeKey = useMemo(() => ({ owner, examId: exam.id }), [owner, exam.id]);

  const [mode, setMode] = useState<Mode>('photos');
  const [pages, setPages] = useState<ScriptPage[]>([]);
  const [pdf, setPdf] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [handedIn, setHandedIn] = useState<{ at: string; replaced: boolean } | null>(null);
  // Told to screen readers, which do not see a thumbnail move.
  const [announcement, setAnnouncement] = useState('');

  const handedInAt = handedIn?.at ?? (exam.submitted ? exam.submittedAt : null);
  const busy = phase !== 'idle';
  const locked = exam.marked || closed;
  // Whether the kept pages have been read back: until then nothing is written over them.
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let live = true;
    setRestored(false);
    void pageStore()
      .load(storeKey)
      .then((kept) => {
        if (!live) return;
        if (kept.length > 0) {
          // Photos taken while the kept ones were being read go after them.
          setPages((current) => [...kept.filter((page) => !current.some((c) => c.id === page.id)), ...current]);
          setAnnouncement(i18next.t('partTwo.kept', { count: kept.length }));
        }
        setRestored(true);
      });
    return () => {
      live = false;
    };
  }, [storeKey]);

  useEffect(() => {
    // Once no answer can be handed in (marked, or past the due time) the kept pages are of no use.
    if (restored) void pageStore().save(storeKey, locked && !busy ? [] : pages);
  }, [restored, storeKey, pages, locked, busy]);

  const addPhotos = (files: File[]) => {
    const photos = files.filter(isPhoto);
    setError(photos.length < files.length ? t('partTwo.notAPhoto') : null);
    if (photos.length === 0) return;
    void preloadPdfLib();
    setPages((current) =>
      addPages(
        current,
        photos.map((file) => newPage(`page-${idPrefix.current}-${++nextId.current}`, file)),
      ),
    );
    const first = pages.length + 1;
    const last = pages.length + photos.length;
    setAnnouncement(first === last ? t('partTwo.added', { first }) : t('partTwo.addedMany', { first, last }));
  };
  const move = (id: string, by: -1 | 1) => {
    const from = pages.findIndex((page) => page.id === id) + 1;
    setPages(movePage(pages, id, by));
    setAnnouncement(t('partTwo.moved', { from, to: from + by }));
  };
  const rotate = (id: string) => {
    setPages(rotatePage(pages, id));
    setAnnouncement(t('partTwo.turned', { page: pages.findIndex((page) => page.id === id) + 1 }));
  };
  const remove = (id: string) => {
    setAnnouncement(t('partTwo.removed', { page: pages.findIndex((page) => page.id === id) + 1 }));
    setPages(removePage(pages, id));
  };

  const pickPdf = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) {
      setError(t('partTwo.notAPdf'));
      return;
    }
    setError(null);
    setPdf(file);
  };

  // Set at once, unlike `busy`: a double tap's second tap can land before the screen is drawn again.
  const handingIn = useRef(false);
  const handIn = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || handingIn.current) return;
    handingIn.current = true;
    try {
      await sendAnswer();
    } finally {
      handingIn.current = false;
    }
  };
  const sendAnswer = async () => {
    setError(null);
    let file: File;
    if (mode === 'pdf') {
      if (!pdf) return setError(t('partTwo.noPdf'));
      file = pdf;
    } else {
      if (pages.length === 0) return setError(t('partTwo.noPages'));
      setPhase('preparing');
      try {
        const bytes = await combinePages(pages, scaleForPdf);
        file = new File([bytes as Uint8Array<ArrayBuffer>], ANSWER_FILE_NAME, { type: 'application/pdf' });
      } catch (failure) {
        setPhase('idle');
        return setError(failure instanceof PageError ? failure.message : t('partTwo.notCombined'));
      }
    }
    if (file.size > DEFAULT_ANSWER_MAX_BYTES) {
      setPhase('idle');
      return setError(
        mode === 'pdf'
          ? t('partTwo.pdfTooLarge', { size: fileSize(file.size), max: MAX_TEXT })
          : t('partTwo.pagesTooLarge', { size: fileSize(file.size), max: MAX_TEXT }),
      );
    }
    setPercent(0);
    setPhase('uploading');
    try {
      const answer = await upload.mutateAsync({ file, onProgress: setPercent });
      setHandedIn({ at: answer.submission.submittedAt, replaced: !answer.created });
      setPages([]);
      setPdf(null);
      setAnnouncement('');
    } catch (failure) {
      // The pages and the PDF stay chosen: trying again needs no new photos.
      setError(knownMessage(failureText(failure, t('partTwo.uploadFailed'))));
    } finally {
      setPhase('idle');
    }
  };

  if (notStarted)
    return (
      <section className="stack" aria-labelledby={`${modeName}-heading`}>
        <h2 id={`${modeName}-heading`}>{t('partTwo.heading')}</h2>
        <StartSitting exam={exam} zone={zone} />
      </section>
    );

  return (
    <section className="stack" aria-labelledby={`${modeName}-heading`}>
      {left !== null && (
        <div className="sitting-bar small">
          <SittingClock left={left} lastMinute={t('timed.oneMinuteUpload')} />
        </div>
      )}
      <h2 id={`${modeName}-heading`}>{t('partTwo.heading')}</h2>
      <div className="stack">
        <button type="button" className="button secondary" disabled={paper.opening} onClick={() => void paper.open()}>
          {paper.opening ? t('partTwo.opening') : t('partTwo.download')}
        </button>
        {paper.link && (
          <p>
            <a href={paper.link} target="_blank" rel="noopener">
              {t('partTwo.open')}
            </a>
          </p>
        )}
        {paper.error && (
          <p className="alert error" role="alert">
            {knownMessage(paper.error)}
          </p>
        )}
      </div>

      {handedInAt && (
        <div className="alert ok" role="status">
          <p>
            <strong>{t('partTwo.handedInAt', { when: formatWhen(handedInAt, zone) })}</strong>
          </p>
          {handedIn?.replaced && <p className="small">{t('partTwo.replaced')}</p>}
          {exam.answerUrl && (
            <p>
              <a href={exam.answerUrl} target="_blank" rel="noopener">
                {t('partTwo.viewAnswer')}
              </a>
            </p>
          )}
        </div>
      )}

      {exam.marked && !busy ? (
        <p className="alert info">{t('messages.marked')}</p>
      ) : closed && !busy ? (
        <p className="alert info">
          {t(
            timeUp && !pastDue
              ? handedInAt
                ? 'partTwo.timeUpKept'
                : 'partTwo.timeUpNone'
              : handedInAt
                ? 'partTwo.pastDueKept'
                : 'exam.closed',
          )}
        </p>
      ) : (
        <form className="stack" onSubmit={handIn} noValidate>
          {handedInAt && (
            <p className="small muted">{t(exam.sitting ? 'partTwo.replaceUntilTime' : 'partTwo.replaceUntilDue')}</p>
          )}
          <fieldset className="choices" disabled={busy}>
            <legend>{t('partTwo.how')}</legend>
            <label className="choice">
              <input type="radio" name={modeName} checked={mode === 'photos'} onChange={() => setMode('photos')} />
              {t('partTwo.photos')}
            </label>
            <label className="choice">
              <input type="radio" name={modeName} checked={mode === 'pdf'} onChange={() => setMode('pdf')} />
              {t('partTwo.pdf')}
            </label>
          </fieldset>

          {mode === 'photos' ? (
            <PartTwoPages
              pages={pages}
              disabled={busy}
              onAdd={addPhotos}
              onMove={move}
              onRotate={rotate}
              onRemove={remove}
            />
          ) : (
            <div className="stack">
              <label className={`button secondary file-button${busy ? ' disabled' : ''}`}>
                {pdf ? t('partTwo.chooseAnother') : t('partTwo.choosePdf')}
                <input type="file" accept="application/pdf" onChange={pickPdf} disabled={busy} />
              </label>
              <p className={pdf ? '' : 'muted'}>{pdf ? `${pdf.name} · ${fileSize(pdf.size)}` : t('partTwo.noFile')}</p>
            </div>
          )}
          <p className="small muted">{t('partTwo.maxSize', { max: MAX_TEXT })}</p>

          {error && (
            <p className="alert error" role="alert">
              {error}
            </p>
          )}
          {phase === 'preparing' && (
            <p className="muted" role="status">
              {t('partTwo.preparing')}
            </p>
          )}
          {phase === 'uploading' && (
            <div role="status" className="stack">
              <p>{t('partTwo.uploading', { percent })}</p>
              <div
                className="progress"
                role="progressbar"
                aria-label={t('partTwo.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
            </div>
          )}
          <button type="submit" className="button block" disabled={busy}>
            {handedInAt ? t('partTwo.replace') : t('partTwo.handIn')}
          </button>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
        </form>
      )}
    </section>
  );
}

/** Whether the due time has passed, turning true at that moment while the screen is open. */
function useClosed(dueDate: string): boolean {
  const due = new Date(dueDate).getTime();
  const [closed, setClosed] = useState(() => due <= Date.now());
  useEffect(() => {
    const wait = due - Date.now();
    setClosed(wait <= 0);
    if (wait <= 0) return;
    // Timers hold at most about 24.8 days; a later due time is checked again then.
    const timer = window.setTimeout(() => setClosed(due <= Date.now()), Math.min(wait, 2_147_483_647));
    return () => window.clearTimeout(timer);
  }, [due]);
  return closed;
}
