/**
 * /embed/iframe-resizer.js (issue 26): @open-iframe-resizer/core, served by Marquee itself so no
 * third-party CDN is involved. The iframe page loads it as its child script (importing it starts
 * the child's listener); a host page imports `initialize` from it to size the frame.
 */
export { initialize } from '@open-iframe-resizer/core';
