import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { App } from './app/app.tsx';
import './styles.css';

// The Content Security Policy allows no eval: zod must not compile its parsers with `new Function`.
configureZod({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
