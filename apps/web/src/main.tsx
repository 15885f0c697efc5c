import './lib/zod-jitless';
import './app/mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A transition, so that React draws the first screen in slices of a few milliseconds and the browser
// runs between them, instead of one task a phone feels (docs/architecture.md, "The portal").
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
