import type { StudentExam } from '@valence/contract';
import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { ConfirmBox } from '../../../components/confirm-box';
import { failureText } from '../../../lib/api';
import { i18next, knownMessage, useTranslation } from '../../../lib/i18n';
import { serverNow } from '../../../lib/server-clock';
import { clock, formatLimit, formatTimeOfDay, formatWhen, timeLeft } from '../../../lib/time';
import en from '../../../locales/en.json';
import { useStartExam } from '../api/start-exam';
import { useNow } from '../model/countdown';

// In English, for the tests; each screen says them in the student's language.
export const TIME_UP = en.messages.timeUp;
export const FIVE_MINUTES = en.timed.fiveMinutes;
export const ONE_MINUTE_MCQ = en.timed.oneMinuteMcq;
export const ONE_MINUTE_UPLOAD = en.timed.oneMinuteUpload;

/** "You will have 2 h. The clock does not stop once you start. Start now?" */
export const startQuestion = (limit: string) => i18next.t('timed.question', { limit });

/** "Opens at 9:00 (in 12 min)": the student's opening in the platform's zone, counted on the server's clock. */
export function opensAtText(opensAt: string, now: number, zone: string | undefined): string {
  const left = timeLeft(opensAt, now);
  const time = formatTimeOfDay(opensAt, now, zone);
  return left ? i18next.t('timed.opensIn', { time, left }) : i18next.t('timed.opensAt', { time });
}

/**
 * An exam whose opening is still ahead: when it opens, counting down, and nothing to start until
 * then. `onOpen` runs once the server's time reaches it (and every 5 s after), to read the exam again.
 */
export function OpensLater({
  opensAt,
  zone,
  onOpen,
}: {
  opensAt: string;
  zone: string | undefined;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const at = new Date(opensAt).getTime();
  const now = useNow(at);
  const open = now >= at;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  useEffect(() => {
    if (!open) return;
    onOpenRef.current();
    // The phone's idea of the server's time may be a second early: ask again until the exam is there.
    const again = setInterval(() => onOpenRef.current(), 5_000);
    return () => clearInterval(again);
  }, [open]);
  return (
    <p className="alert info opens-at">
      <strong className="countdown">{opensAtText(opensAt, now, zone)}</strong>
      <span className="block small">{t('timed.canStartThen')}</span>
    </p>
  );
}

/**
 * A timed exam not yet started: its limit, a button that asks once before the clock starts, and the
 * start itself (the exam is then read again with its questions and the sitting's deadline).
 */
export function StartSitting({ exam, zone }: { exam: StudentExam; zone: string | undefined }) {
  const { t } = useTranslation();
  const start = useStartExam(exam.id);
  const [asking, setAsking] = useState(false);
  const minutes = exam.timeLimitMinutes ?? 0;
  const limit = formatLimit(minutes);
  // The close cuts a late start short: said before the clock starts, not discovered after.
  const closesFirst = new Date(exam.dueDate).getTime() - serverNow() < minutes * 60_000;

  return (
    <section className="stack start-sitting" aria-label={t('timed.startLabel')}>
      <p>
        <Trans i18nKey="timed.isTimed" values={{ limit }} components={{ strong: <strong /> }} />
        {exam.examType === 'MCQ' ? ` ${t('timed.handedInAtEnd')}` : ''}
      </p>
      {closesFirst && <p className="small">{t('timed.closesFirst', { when: formatWhen(exam.dueDate, zone) })}</p>}
      {start.isError && (
        <p className="alert error" role="alert">
          {knownMessage(failureText(start.error, t('timed.startFailed')))}
        </p>
      )}
      {asking ? (
        <ConfirmBox question={startQuestion(limit)}>
          <button
            type="button"
            className="button"
            disabled={start.isPending || start.isSuccess}
            onClick={() => start.mutate(undefined, { onError: () => setAsking(false) })}
          >
            {start.isPending || start.isSuccess ? t('timed.starting') : t('timed.startNow')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={start.isPending}
            onClick={() => setAsking(false)}
          >
            {t('timed.notYet')}
          </button>
        </ConfirmBox>
      ) : (
        <button type="button" className="button block" onClick={() => setAsking(true)}>
          {t('timed.start', { limit })}
        </button>
      )}
    </section>
  );
}

export type Warning = 'five' | 'one' | null;

/** Which warning a sitting with `left` ms to go is under. */
export function warningAt(left: number | null): Warning {
  if (left === null || left <= 0) return null;
  if (left <= 60_000) return 'one';
  if (left <= 5 * 60_000) return 'five';
  return null;
}

/**
 * The sitting's time left as "1:59:59", for the sticky bar, and the warnings at 5 minutes and at 1
 * minute as an alert (said by a screen reader as it appears, seen while scrolling). The figure
 * itself is a timer, which screen readers do not read out every second.
 */
export function SittingClock({ left, lastMinute }: { left: number; lastMinute: string }) {
  const { t } = useTranslation();
  const warning = warningAt(left);
  return (
    <>
      <span role="timer" aria-live="off" className={`sitting-clock${warning ? ' ending' : ''}`}>
        {left > 0 ? (
          <>
            {t('timed.timeLeft')} <strong className="countdown">{clock(Math.ceil(left / 1000))}</strong>
          </>
        ) : (
          <strong>{t('messages.timeUp')}</strong>
        )}
      </span>
      {warning && (
        <p key={warning} className="sitting-warning" role="alert">
          {warning === 'one' ? lastMinute : t('timed.fiveMinutes')}
        </p>
      )}
    </>
  );
}
