import './lib/zod-jitless';
import './app/mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// The app starts in a task of its own, after the one that ran the first bundle, so that the browser
// can paint and answer input between the two; the first render is a transition, so that React draws
// the first screen in slices of a few milliseconds (docs/architecture.md, "The portal").
setTimeout(() => {
  const router = createAppRouter();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}, 0);
