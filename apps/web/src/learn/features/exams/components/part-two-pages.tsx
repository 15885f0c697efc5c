import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Rotation, ScriptPage } from '../model/script-pages';

type Props = {
  pages: ScriptPage[];
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onRotate: (id: string) => void;
  onRemove: (id: string) => void;
};

/**
 * The photographed pages: the camera button again and again (a page each time), photos already
 * taken, and each page's thumbnail with its order, turn and removal.
 */
export function PartTwoPages({ pages, disabled, onAdd, onMove, onRotate, onRemove }: Props) {
  const { t } = useTranslation();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Emptied so the same button takes the next page, and the same photo may be picked again.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  return (
    <div className="stack">
      <p className="small muted">{t('pages.hint')}</p>
      <div className="file-buttons">
        <label className={`button file-button${disabled ? ' disabled' : ''}`}>
          {t('pages.add')}
          <input type="file" accept="image/*" capture="environment" onChange={pick} disabled={disabled} />
        </label>
        <label className={`button secondary file-button${disabled ? ' disabled' : ''}`}>
          {t('pages.choose')}
          <input type="file" accept="image/*" multiple onChange={pick} disabled={disabled} />
        </label>
      </div>
      {pages.length === 0 ? (
        <p className="muted">{t('pages.none')}</p>
      ) : (
        <ol className="list script-pages" aria-label={t('pages.list')}>
          {pages.map((page, index) => {
            const number = index + 1;
            return (
              <li key={page.id} className="script-page">
                <PageThumbnail file={page.file} rotation={page.rotation} alt={t('pages.page', { number })} />
                <div className="script-page-body">
                  <p className="script-page-title">{t('pages.page', { number })}</p>
                  <div className="script-page-actions">
                    <button
                      type="button"
                      className="button secondary icon-button"
                      aria-label={t('pages.up', { number })}
                      disabled={disabled || index === 0}
                      onClick={() => onMove(page.id, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button secondary icon-button"
                      aria-label={t('pages.down', { number })}
                      disabled={disabled || index === pages.length - 1}
                      onClick={() => onMove(page.id, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button secondary icon-button"
                      aria-label={t('pages.rotate', { number })}
                      disabled={disabled}
                      onClick={() => onRotate(page.id)}
                    >
                      ↻
                    </button>
                    <button
                      type="button"
                      className="button danger icon-button"
                      aria-label={t('pages.remove', { number })}
                      disabled={disabled}
                      onClick={() => onRemove(page.id)}
                    >
                      ✕
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** The photo as it will be handed in, turned as the student turned it. */
function PageThumbnail({ file, rotation, alt }: { file: Blob; rotation: Rotation; alt: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    // Made and given back with the thumbnail: a dozen phone photos held as URLs would fill memory.
    const made = URL.createObjectURL(file);
    setUrl(made);
    setBroken(false);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return (
    <div className="script-thumb">
      {url && !broken ? (
        <img
          src={url}
          alt={alt}
          decoding="async"
          style={{ transform: `rotate(${rotation}deg)` }}
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="small muted">{broken ? t('pages.noPreview') : ''}</span>
      )}
    </div>
  );
}
