import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DoorApp } from './door-app.tsx';
import './styles.css';

// The Content Security Policy allows no eval: zod must not compile its parsers with `new Function`.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// The service worker (scope /qr-scanner/) precaches this app, so the door opens with no signal.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/qr-scanner/sw.js', { scope: '/qr-scanner/' }).catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DoorApp />
  </StrictMode>,
);
