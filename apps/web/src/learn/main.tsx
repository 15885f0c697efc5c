import '../lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { LearnApp } from './app/app';
import { initialLanguage, switchLanguage } from './lib/i18n';
import './fonts.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A transition, so that React draws the first screen in slices of a few milliseconds and the browser
// runs between them, instead of one task a phone feels (docs/architecture.md, "The portal").
// The student's language first (a Sinhala or Tamil pack is a chunk of its own), so that the first
// screen is drawn in it rather than in English a moment before; if the pack cannot be had, English.
void switchLanguage(initialLanguage())
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <LearnApp />
        </StrictMode>,
      );
    }),
  );
