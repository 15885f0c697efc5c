import { LANGUAGES, type Language } from '@valence/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/**
 * The students' app's words in English, Sinhala and Tamil (react-i18next; why: `learn/README.md`).
 * English is in the first bundle; Sinhala and Tamil are chunks of their own, fetched only when chosen.
 * Each pack is one JSON file under `locales/` that a translator edits; `locales.test.ts` fails when a
 * pack lacks a key English has, or has one English does not.
 */
const PACKS: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  si: () => import('../locales/si.json'),
  ta: () => import('../locales/ta.json'),
};

/** The student's own pick on this device; kept until signed in, then the server's wins. */
const PICKED_KEY = 'valence.learn.language';
/** Set when the pick was made signed out (on the sign-in page): it is sent to the server after sign-in. */
const UNSAVED_KEY = 'valence.learn.language.unsaved';

/** Each language named in its own script, as the picker lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (a private window): the choice lasts for this visit only.
  }
}

/** The browser's first language we have ("si-LK" → si), else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** What the app opens in: the student's pick on this device, else the browser's language. */
export function initialLanguage(): Language {
  const picked = stored(PICKED_KEY);
  return isLanguage(picked) ? picked : browserLanguage();
}

/** The language the app shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // React escapes what it draws; i18next must not escape it twice (a name with "&" would show "&amp;").
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
});

/**
 * Shows the app in `language`, fetching its pack first when it is not here yet. `picked`: the student
 * chose it (kept on this device; `unsaved` when not signed in, so it is sent to the server later).
 */
export async function switchLanguage(
  language: Language,
  { picked = false, unsaved = false }: { picked?: boolean; unsaved?: boolean } = {},
): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    const pack = await PACKS[language]();
    i18next.addResourceBundle(language, 'translation', pack.default);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  if (picked) {
    store(PICKED_KEY, language);
    store(UNSAVED_KEY, unsaved ? '1' : null);
  }
}

/**
 * Sentences that reach a screen in English from elsewhere (the contract's field checks, the server's
 * refusals, the API client's own), by their English words: said in the student's language when the
 * pack has them (`messages` in the packs), else as they came.
 */
const KNOWN = new Map<string, string>(Object.entries(en.messages).map(([key, text]) => [text, key]));

export function knownMessage(message: string): string {
  const key = KNOWN.get(message);
  return key ? i18next.t(`messages.${key}`) : message;
}

/** The pick made on the sign-in page, not yet on the server; reading it forgets that it is unsaved. */
export function takeUnsavedPick(): Language | null {
  const picked = stored(PICKED_KEY);
  const unsaved = stored(UNSAVED_KEY) === '1';
  store(UNSAVED_KEY, null);
  return unsaved && isLanguage(picked) ? picked : null;
}

/** `useTranslation` through this module, so that i18next is set up before any screen draws. */
export { useTranslation } from 'react-i18next';
export { i18next };
