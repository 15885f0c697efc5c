import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentLanguage, switchLanguage, takeUnsavedPick } from '../lib/i18n';
import { meQuery, updateMe } from '../lib/me';

/**
 * Once signed in, the language kept on the server wins: the app switches to it (and remembers it on
 * this device). A language picked on the sign-in page before signing in is the student's newest
 * choice instead: it is sent to the server. Draws nothing.
 */
export function LanguageSync() {
  const me = useQuery(meQuery()).data;
  useEffect(() => {
    if (!me) return;
    const unsaved = takeUnsavedPick();
    if (unsaved) {
      // Kept as unsaved again if it fails, to be sent on the next visit.
      updateMe({ language: unsaved }).catch(() => switchLanguage(unsaved, { picked: true, unsaved: true }));
    } else if (me.language && me.language !== currentLanguage()) {
      void switchLanguage(me.language, { picked: true });
    }
  }, [me]);
  return null;
}
