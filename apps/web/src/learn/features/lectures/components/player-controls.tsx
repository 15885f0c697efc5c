import { PLAYBACK_RATES } from '@valence/contract';
import { useTranslation } from '../../../lib/i18n';
import type { Quality } from '../model/hls-source';

/** Under the video: quality (when streaming), speed and full screen (the player's box, watermark and all). */
export function PlayerControls({
  heights,
  quality,
  onQuality,
  dataSaver,
  rate,
  onRate,
  fullScreen,
  onFullScreen,
}: {
  /** The renditions offered, lowest first; empty when the video plays as uploaded. */
  heights: number[];
  quality: Quality;
  onQuality: (quality: Quality) => void;
  dataSaver: boolean;
  rate: number;
  onRate: (rate: number) => void;
  fullScreen: boolean;
  onFullScreen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row player-controls">
      {heights.length > 0 && (
        <label className="small">
          {t('player.quality')}{' '}
          <select
            value={String(quality)}
            onChange={(event) => onQuality(event.target.value === 'auto' ? 'auto' : Number(event.target.value))}
          >
            <option value="auto">{t('player.auto')}</option>
            {heights.map((height) => (
              <option key={height} value={height}>
                {height}p
              </option>
            ))}
          </select>
        </label>
      )}
      {dataSaver && heights.length > 0 && <span className="small muted">{t('player.dataSaverOn')}</span>}
      <label className="small">
        {t('player.speed')}{' '}
        <select value={String(rate)} onChange={(event) => onRate(Number(event.target.value))}>
          {PLAYBACK_RATES.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button secondary small-button" onClick={onFullScreen}>
        {fullScreen ? t('player.exitFullScreen') : t('player.fullScreen')}
      </button>
    </div>
  );
}
