import { useTranslation } from '../../../lib/i18n';
import { clock } from '../../../lib/time';
import { useResumePoint } from '../api/get-resume-point';
import { resumeWorthOffering } from '../model/resume-point';

/**
 * "Resume from 12:40" when the student's last viewing stopped part way; nothing otherwise (and
 * nothing while it is asked, or if asking failed: playing from the start is still fine).
 */
export function ResumeOffer({
  lectureId,
  duration,
  onResume,
  disabled = false,
}: {
  lectureId: number;
  duration: number;
  onResume: (position: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const position = useResumePoint(lectureId).data?.position;
  if (!resumeWorthOffering(position, duration)) return null;
  return (
    <button type="button" className="button block" disabled={disabled} onClick={() => onResume(position)}>
      {t('lecture.resume', { time: clock(position) })}
    </button>
  );
}
