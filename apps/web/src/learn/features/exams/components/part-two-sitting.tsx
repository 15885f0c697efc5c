import { DEFAULT_ANSWER_MAX_BYTES, type StudentExam, SUBMISSION_MESSAGES } from '@valence/contract';
import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { failureText } from '../../../lib/api';
import { fileSize } from '../../../lib/file-size';
import { useSession } from '../../../lib/session';
import { formatWhen, usePlatformZone } from '../../../lib/time';
import { useOpenPaper } from '../api/get-paper';
import { useUploadScript } from '../api/upload-script';
import { combinePages, PageError, preloadPdfLib } from '../model/combine-pages';
import { useTimeLeft } from '../model/countdown';
import { ownerOf } from '../model/draft-queue';
import { pageStore } from '../model/page-store';
import { scaleForPdf } from '../model/script-image';
import { addPages, isPhoto, movePage, newPage, removePage, rotatePage, type ScriptPage } from '../model/script-pages';
import { PartTwoPages } from './part-two-pages';
import { ONE_MINUTE_UPLOAD, SittingClock, StartSitting, TIME_UP } from './timed-sitting';

export const PART_TWO_CLOSED = 'This exam has closed.';
export const ANSWER_FILE_NAME = 'answer.pdf';
export const NOT_A_PHOTO = 'Only photos can be added as pages. To hand in a PDF, choose “A PDF file” above.';
export const NOT_A_PDF = 'That file is not a PDF. Choose a PDF file, or hand in photos of your pages instead.';
export const NO_PAGES = 'Add a photo of each page of your answer first.';
export const NO_PDF = 'Choose the PDF file of your answer first.';
export const NOT_COMBINED = 'Your pages could not be put together into one PDF. Check your connection and try again.';
export const PAST_DUE_KEPT = 'The due time has passed, so your answer can no longer be replaced.';
export const VIEW_ANSWER = 'View your answer';
export const TIME_UP_KEPT = `${TIME_UP} Your answer can no longer be replaced.`;
export const TIME_UP_NONE = `${TIME_UP} No answer was handed in.`;

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
          setAnnouncement(kept.length === 1 ? '1 page kept from before.' : `${kept.length} pages kept from before.`);
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
    setError(photos.length < files.length ? NOT_A_PHOTO : null);
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
    setAnnouncement(first === last ? `Page ${first} added.` : `Pages ${first} to ${last} added.`);
  };
  const move = (id: string, by: -1 | 1) => {
    const from = pages.findIndex((page) => page.id === id) + 1;
    setPages(movePage(pages, id, by));
    setAnnouncement(`Page ${from} is now page ${from + by}.`);
  };
  const rotate = (id: string) => {
    setPages(rotatePage(pages, id));
    setAnnouncement(`Page ${pages.findIndex((page) => page.id === id) + 1} turned.`);
  };
  const remove = (id: string) => {
    setAnnouncement(`Page ${pages.findIndex((page) => page.id === id) + 1} removed.`);
    setPages(removePage(pages, id));
  };

  const pickPdf = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) {
      setError(NOT_A_PDF);
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
      if (!pdf) return setError(NO_PDF);
      file = pdf;
    } else {
      if (pages.length === 0) return setError(NO_PAGES);
      setPhase('preparing');
      try {
        const bytes = await combinePages(pages, scaleForPdf);
        file = new File([bytes as Uint8Array<ArrayBuffer>], ANSWER_FILE_NAME, { type: 'application/pdf' });
      } catch (failure) {
        setPhase('idle');
        return setError(failure instanceof PageError ? failure.message : NOT_COMBINED);
      }
    }
    if (file.size > DEFAULT_ANSWER_MAX_BYTES) {
      setPhase('idle');
      return setError(
        mode === 'pdf'
          ? `This PDF is ${fileSize(file.size)}; an answer may be at most ${MAX_TEXT}. Please make it smaller and try again.`
          : `Your pages come to ${fileSize(file.size)}; an answer may be at most ${MAX_TEXT}. Please hand in fewer photos.`,
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
      setError(failureText(failure, 'Your answer could not be handed in. Please try again.'));
    } finally {
      setPhase('idle');
    }
  };

  if (notStarted)
    return (
      <section className="stack" aria-labelledby={`${modeName}-heading`}>
        <h2 id={`${modeName}-heading`}>Your PART II answer</h2>
        <StartSitting exam={exam} zone={zone} />
      </section>
    );

  return (
    <section className="stack" aria-labelledby={`${modeName}-heading`}>
      {left !== null && (
        <div className="sitting-bar small">
          <SittingClock left={left} lastMinute={ONE_MINUTE_UPLOAD} />
        </div>
      )}
      <h2 id={`${modeName}-heading`}>Your PART II answer</h2>
      <div className="stack">
        <button type="button" className="button secondary" disabled={paper.opening} onClick={() => void paper.open()}>
          {paper.opening ? 'Opening the paper…' : 'Download the paper'}
        </button>
        {paper.link && (
          <p>
            <a href={paper.link} target="_blank" rel="noopener">
              Open the paper
            </a>
          </p>
        )}
        {paper.error && (
          <p className="alert error" role="alert">
            {paper.error}
          </p>
        )}
      </div>

      {handedInAt && (
        <div className="alert ok" role="status">
          <p>
            <strong>Handed in at {formatWhen(handedInAt, zone)}</strong>
          </p>
          {handedIn?.replaced && <p className="small">Your new answer replaced the earlier one.</p>}
          {exam.answerUrl && (
            <p>
              <a href={exam.answerUrl} target="_blank" rel="noopener">
                {VIEW_ANSWER}
              </a>
            </p>
          )}
        </div>
      )}

      {exam.marked && !busy ? (
        <p className="alert info">{SUBMISSION_MESSAGES.marked}</p>
      ) : closed && !busy ? (
        <p className="alert info">
          {timeUp && !pastDue
            ? handedInAt
              ? TIME_UP_KEPT
              : TIME_UP_NONE
            : handedInAt
              ? PAST_DUE_KEPT
              : PART_TWO_CLOSED}
        </p>
      ) : (
        <form className="stack" onSubmit={handIn} noValidate>
          {handedInAt && (
            <p className="small muted">
              {exam.sitting
                ? 'You may replace your answer until your time is up, unless it has been marked.'
                : 'You may replace your answer until the due time, unless it has been marked.'}
            </p>
          )}
          <fieldset className="choices" disabled={busy}>
            <legend>How will you hand in?</legend>
            <label className="choice">
              <input type="radio" name={modeName} checked={mode === 'photos'} onChange={() => setMode('photos')} />
              Photos of my pages
            </label>
            <label className="choice">
              <input type="radio" name={modeName} checked={mode === 'pdf'} onChange={() => setMode('pdf')} />A PDF file
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
                {pdf ? 'Choose another PDF' : 'Choose a PDF file'}
                <input type="file" accept="application/pdf" onChange={pickPdf} disabled={busy} />
              </label>
              <p className={pdf ? '' : 'muted'}>
                {pdf ? `${pdf.name} · ${fileSize(pdf.size)}` : 'No file chosen yet.'}
              </p>
            </div>
          )}
          <p className="small muted">One PDF of at most {MAX_TEXT}.</p>

          {error && (
            <p className="alert error" role="alert">
              {error}
            </p>
          )}
          {phase === 'preparing' && (
            <p className="muted" role="status">
              Preparing your pages…
            </p>
          )}
          {phase === 'uploading' && (
            <div role="status" className="stack">
              <p>Uploading… {percent} %</p>
              <div
                className="progress"
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
            </div>
          )}
          <button type="submit" className="button block" disabled={busy}>
            {handedInAt ? 'Replace your answer' : 'Hand in'}
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
