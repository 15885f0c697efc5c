import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { LearnApp } from './app/app';

// zod probes for eval with `new Function`, which the server's CSP refuses.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <LearnApp />
  </StrictMode>,
);
