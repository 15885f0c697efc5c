import type { McqDraft, MySubmission, StudentExam, StudentQuestion } from '@valence/contract';
import { memo, useEffect, useRef, useState } from 'react';
import { ChemText } from '../../../../components/chem-text';
import { ConfirmBox } from '../../../components/confirm-box';
import { ApiError, failureText } from '../../../lib/api';
import { knownMessage, useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import en from '../../../locales/en.json';
import { useMcqDraft } from '../api/get-mcq-draft';
import { useSubmitMcq } from '../api/submit-mcq';
import { useTimeLeft } from '../model/countdown';
import { ownerOf, type SaveStatus } from '../model/draft-queue';
import { useMcqSitting } from '../model/use-mcq-sitting';
import { SittingClock } from './timed-sitting';

// In English, for the tests; the screen says them in the student's language.
export const OFFLINE_KEPT = en.mcq.offlineKept;
export const CONFIRM_SUBMIT = en.mcq.confirm;
export const HANDING_IN_AT_DEADLINE = en.mcq.handingIn;
export const OFFLINE_AT_DEADLINE = en.mcq.offlineAtDeadline;
export const FAILED_AT_DEADLINE = en.mcq.failedAtDeadline;
/**
 * How long before the server's deadline the phone hands in by itself: the server refuses what
 * arrives after it, so the hand-in leaves as the countdown shows its last second.
 */
export const HAND_IN_LEAD = 1_000;
const LETTERS = 'ABCDEFGHIJ';

type Props = {
  exam: StudentExam;
  /** A timed sitting's deadline on the server's clock (ms), or null when untimed. */
  deadline: number | null;
  onSubmitted: (submission: MySubmission) => void;
  /** The server refused a save or the submission (past due, submitted already): its sentence. */
  onRefused: (message: string) => void;
};

/** The MCQ sitting: starts once the server's saved choices are known, so none is shown stale. */
export function McqSitting({ exam, deadline, onSubmitted, onRefused }: Props) {
  const { t } = useTranslation();
  const draft = useMcqDraft(exam.id, true);
  const session = useSession();
  const refusedDraft = draft.error instanceof ApiError && draft.error.status === 409 ? draft.error.message : null;
  useEffect(() => {
    // The server says the sitting is over (handed in at the due time): the page shows where it stands.
    if (refusedDraft) onRefused(refusedDraft);
  }, [refusedDraft, onRefused]);

  if (draft.isPending) return <p className="loading">{t('mcq.loadingSaved')}</p>;
  if (draft.isError)
    return (
      <div>
        <p className="alert error" role="alert">
          {knownMessage(failureText(draft.error, t('mcq.savedFailed')))}
        </p>
        <button type="button" className="button secondary" onClick={() => void draft.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  return (
    <Questions
      exam={exam}
      deadline={deadline}
      server={draft.data}
      owner={ownerOf(session?.token ?? '')}
      onSubmitted={onSubmitted}
      onRefused={onRefused}
    />
  );
}

function Questions({
  exam,
  deadline,
  server,
  owner,
  onSubmitted,
  onRefused,
}: Props & { server: McqDraft | null; owner: string }) {
  const { t } = useTranslation();
  const sitting = useMcqSitting({ examId: exam.id, questions: exam.questions, owner, server });
  const submit = useSubmitMcq(exam.id);
  const [step, setStep] = useState<'answering' | 'review' | 'confirm'>('answering');
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const { status } = sitting;
  const left = useTimeLeft(deadline);
  const timeUp = left !== null && left <= HAND_IN_LEAD;
  // Why the hand-in at the deadline did not go through (the server hands in the saved draft then).
  const [deadlineFailure, setDeadlineFailure] = useState<'mcq.offlineAtDeadline' | 'mcq.failedAtDeadline' | null>(null);

  const handingIn = submit.isPending || submit.isSuccess;
  useEffect(() => {
    // A save answered "submitted already" while this phone's own submission goes is no news.
    if (status.kind === 'refused' && status.status === 409 && !handingIn) onRefused(status.message);
  }, [status, onRefused, handingIn]);
  useEffect(() => {
    // The review takes the focus (the confirmation takes its own), so a screen reader and a keyboard follow it.
    if (step === 'review') reviewRef.current?.focus();
  }, [step]);

  const unanswered = exam.questions
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => !isAnswered(question, sitting.answers))
    .map(({ question, number }) => ({ id: question.id, number }));

  // Set at once, unlike `submit.isPending`: a double tap's second tap can land before the screen is drawn again.
  const sending = useRef(false);
  async function handIn(atDeadline = false) {
    if (sending.current) return;
    sending.current = true;
    try {
      const answer = await submit.mutateAsync({ answers: sitting.list() });
      sitting.finish();
      onSubmitted(answer);
    } catch (error) {
      setStep('answering');
      if (error instanceof ApiError && error.status === 409) onRefused(error.message);
      else if (atDeadline)
        setDeadlineFailure(
          error instanceof ApiError && error.status === 0 ? 'mcq.offlineAtDeadline' : 'mcq.failedAtDeadline',
        );
    } finally {
      sending.current = false;
    }
  }
  const handInRef = useRef(handIn);
  handInRef.current = handIn;
  const handedInAtDeadline = useRef(false);
  useEffect(() => {
    // At zero the answers on screen are handed in without a tap, once.
    if (timeUp && !handedInAtDeadline.current) {
      handedInAtDeadline.current = true;
      void handInRef.current(true);
    }
  }, [timeUp]);

  return (
    <div>
      <div className="sitting-bar small">
        {left !== null && <SittingClock left={timeUp ? 0 : left} lastMinute={t('timed.oneMinuteMcq')} />}
        <span>
          {t('mcq.answered', { answered: exam.questions.length - unanswered.length, total: exam.questions.length })}
        </span>
        <span role="status">
          <SaveLine status={status} />
        </span>
      </div>
      {exam.questions.length === 0 && <p className="muted">{t('mcq.noQuestions')}</p>}
      {exam.questions.map((question, index) => (
        <Question
          key={question.id}
          question={question}
          number={index + 1}
          chosen={sitting.answers.get(question.id)}
          onChoose={sitting.choose}
          disabled={timeUp}
        />
      ))}

      {submit.isError && !timeUp && !(submit.error instanceof ApiError && submit.error.status === 409) && (
        <p className="alert error" role="alert">
          {knownMessage(failureText(submit.error, t('mcq.submitFailed')))} {t('mcq.kept')}
        </p>
      )}
      {timeUp ? (
        <p className={`alert ${deadlineFailure ? 'error' : 'info'}`} role="status">
          {t(deadlineFailure ?? 'mcq.handingIn')}
        </p>
      ) : step === 'answering' ? (
        <button type="button" className="button block" onClick={() => setStep('review')}>
          {t('mcq.reviewAndSubmit')}
        </button>
      ) : (
        <section className="card review" aria-labelledby="review-title">
          <h2 id="review-title" ref={reviewRef} tabIndex={-1}>
            {t('mcq.review')}
          </h2>
          {unanswered.length === 0 ? (
            <p>{t('mcq.allAnswered', { count: exam.questions.length })}</p>
          ) : (
            <p className="review-missing">
              {t('mcq.unanswered', { count: unanswered.length })}{' '}
              {unanswered.map((question, index) => (
                <span key={question.id}>
                  {index > 0 && ', '}
                  <QuestionLink number={question.number} />
                </span>
              ))}
            </p>
          )}
          <ol className="review-grid" aria-label={t('mcq.questions')}>
            {exam.questions.map((question, index) => {
              const answered = isAnswered(question, sitting.answers);
              return (
                <li key={question.id} className={answered ? 'answered' : 'unanswered'}>
                  <QuestionLink
                    number={index + 1}
                    label={t(answered ? 'mcq.questionAnswered' : 'mcq.questionUnanswered', { number: index + 1 })}
                  />
                </li>
              );
            })}
          </ol>
          {step === 'review' ? (
            <div className="actions">
              <button type="button" className="button" onClick={() => setStep('confirm')}>
                {t('mcq.submitAnswers')}
              </button>
              <button type="button" className="button secondary" onClick={() => setStep('answering')}>
                {t('mcq.keepAnswering')}
              </button>
            </div>
          ) : (
            <ConfirmBox question={t('mcq.confirm')}>
              <button type="button" className="button" disabled={submit.isPending} onClick={() => void handIn()}>
                {submit.isPending ? t('mcq.submitting') : t('mcq.submit')}
              </button>
              <button
                type="button"
                className="button secondary"
                disabled={submit.isPending}
                onClick={() => setStep('answering')}
              >
                {t('mcq.keepAnswering')}
              </button>
            </ConfirmBox>
          )}
        </section>
      )}
    </div>
  );
}

function SaveLine({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  switch (status.kind) {
    case 'idle':
      return null;
    case 'saving':
      return <span>{t('common.saving')}</span>;
    case 'saved':
      return <span className="saved">{t('mcq.saved')}</span>;
    case 'offline':
      return <span className="offline">{t('mcq.offlineKept')}</span>;
    case 'refused':
      return <span className="offline">{knownMessage(status.message)}</span>;
  }
}

/** Chosen, and one of the question's options as the paper is now. */
const isAnswered = (question: StudentQuestion, answers: Map<number, number>) =>
  question.options.some((option) => option.id === answers.get(question.id));

const questionAnchor = (number: number) => `question-${number}`;

/** Moves to a question (and the keyboard focus with it), without touching the app's address. */
function QuestionLink({ number, label }: { number: number; label?: string }) {
  return (
    <a
      href={`#${questionAnchor(number)}`}
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(questionAnchor(number));
        target?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
        target?.focus({ preventScroll: true });
      }}
    >
      {number}
    </a>
  );
}

type QuestionProps = {
  question: StudentQuestion;
  number: number;
  chosen: number | undefined;
  onChoose: (questionId: number, optionId: number) => void;
  /** The time is up: the choices stay as they are. */
  disabled: boolean;
};

// Memoised: a choice re-renders its own question, not every formula of the paper.
const Question = memo(function Question({ question, number, chosen, onChoose, disabled }: QuestionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="question" id={questionAnchor(number)} tabIndex={-1} disabled={disabled}>
      <legend>
        <span className="question-number">{t('mcq.question', { number })}</span>
        {question.questionText && <ChemText text={question.questionText} className="question-text" />}
      </legend>
      {question.questionImageUrl && (
        <img className="question-image" src={question.questionImageUrl} alt={t('mcq.figure', { number })} />
      )}
      {question.options.map((option, index) => (
        <label key={option.id} className="option">
          <input
            type="radio"
            name={`question-${question.id}`}
            value={option.id}
            checked={chosen === option.id}
            onChange={() => onChoose(question.id, option.id)}
          />
          <span className="option-letter" aria-hidden="true">
            {LETTERS[index] ?? index + 1}
          </span>
          <ChemText text={option.optionText} />
        </label>
      ))}
    </fieldset>
  );
});
