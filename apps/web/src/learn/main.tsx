import '../lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { LearnApp } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A transition, so that React draws the first screen in slices of a few milliseconds and the browser
// runs between them, instead of one task a phone feels (docs/architecture.md, "The portal").
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <LearnApp />
    </StrictMode>,
  );
});
