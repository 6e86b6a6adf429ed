/**
 * /embed/iframe-resizer.js (issue 26): @open-iframe-resizer/core, served by Marquee itself so no
 * third-party CDN is involved. The iframe page loads it as its child script (importing it starts
 * the child's listener); a host page imports `initialize` from it to size the frame.
 */
export { initialize } from '@open-iframe-resizer/core';

// The frame's first answer: the library answers the host's call only from a ResizeObserver, whose
// first notice Chromium may hold back while a cross-origin frame is off screen (below the fold),
// leaving the frame at its starting height. The page answers each call itself with its height now.
if (typeof window !== 'undefined' && window.parent !== window) {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || (event.data as { type?: unknown } | null)?.type !== 'iframe-child-init') return;
    const { width, height } = document.documentElement.getBoundingClientRect();
    window.parent.postMessage({ type: 'iframe-resized', width: Math.ceil(width), height: Math.ceil(height) }, '*');
  });
}
