import { useTranslation } from '../../../lib/i18n';
import { watchedShare } from '../model/watched';

/**
 * A lecture's progress in the course list: a check and "Watched" from 90 % played, else the share
 * played, as a figure and a thin bar under the card's line.
 */
export function WatchedMark({ watchedSeconds, duration }: { watchedSeconds: number | undefined; duration: number }) {
  const { t } = useTranslation();
  const share = watchedShare(watchedSeconds, duration);
  if (!share) return null;
  if (share.watched) {
    return (
      <span className="badge ok watched-mark">
        <span aria-hidden="true">✓ </span>
        {t('course.watched')}
      </span>
    );
  }
  return (
    <span className="watched-mark">
      <span className="small muted">{t('course.watchedPercent', { percent: share.percent })}</span>
      <span className="progress slim" aria-hidden="true">
        <span style={{ width: `${share.percent}%` }} />
      </span>
    </span>
  );
}
