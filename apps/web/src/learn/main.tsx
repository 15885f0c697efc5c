import '../lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { LearnApp } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <LearnApp />
    </StrictMode>,
  );
});
