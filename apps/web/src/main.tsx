import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';

// zod probes for eval with `new Function`, which the server's CSP refuses (a console violation on
// every load); the interpreted path is fast enough for forms.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
