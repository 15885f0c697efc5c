import { LANGUAGES, type Language } from '@valence/contract';
import { useEffect, useId, useState } from 'react';
import { LANGUAGE_NAMES, useTranslation } from '../../../lib/i18n';

type Props = {
  /** A language was chosen: the screen switches to it and keeps it where it belongs. */
  onPick: (language: Language) => void;
  disabled?: boolean;
};

/** English, සිංහල, தமிழ்: each in its own script, so a student finds theirs whatever is shown now. */
export function LanguagePicker({ onPick, disabled = false }: Props) {
  const { t, i18n } = useTranslation();
  const name = useId();
  // The choice shows at once, while its pack may still be on its way.
  const [picked, setPicked] = useState<Language | null>(null);
  const shown = i18n.language;
  useEffect(() => {
    if (shown) setPicked(null);
  }, [shown]);
  return (
    <fieldset className="language-picker" disabled={disabled}>
      <legend>{t('language.label')}</legend>
      <div className="choices">
        {LANGUAGES.map((language) => (
          <label key={language} lang={language} className="choice">
            <input
              type="radio"
              name={name}
              value={language}
              checked={(picked ?? i18n.language) === language}
              onChange={() => {
                setPicked(language);
                onPick(language);
              }}
            />
            <span>{LANGUAGE_NAMES[language]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
