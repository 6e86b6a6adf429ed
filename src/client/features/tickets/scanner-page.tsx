import { useEffect } from 'react';

/**
 * The door is its own installable app now (issue 24: src/door, served at /qr-scanner/ with its
 * service worker and the camera permission): arriving at /qr-scanner inside this app (a link, or
 * the login page's `next`) loads it.
 */
export function ScannerPage() {
  useEffect(() => {
    window.location.replace(`/qr-scanner/${window.location.search}`);
  }, []);
  return <p className="p-8 text-center text-zinc-400">Opening the door scanner…</p>;
}
