import jsQRImport from 'jsqr';
import { useEffect, useRef, useState } from 'react';

type Decode = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: 'dontInvert' }) => { data: string } | null;
// jsqr is CommonJS with an ES-style default export: depending on the bundler's interop the import is
// the decoder itself or a module object holding it.
const jsQR: Decode = (jsQRImport as unknown as { default?: Decode }).default ?? (jsQRImport as unknown as Decode);

export const CAMERA_ERROR = 'Camera access denied or not available. Please use manual entry.';

/**
 * Reads QR codes from the camera a few times a second, without stopping (issue 24: non-stop
 * scanning): every read goes to `onCode`, which decides what to ignore (the code just handled).
 */
export function useQrCamera(onCode: (code: string) => void, isActive: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  const [cameraError, setCameraError] = useState('');
  useEffect(() => {
    handler.current = onCode;
  });
  useEffect(() => {
    if (!isActive) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let isStopped = false;
    const canvas = document.createElement('canvas');
    const scan = () => {
      const video = videoRef.current;
      if (isStopped || !video) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        // A smaller frame decodes faster and a QR code held at the door fills much of it.
        const scale = Math.min(1, 640 / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        const context = canvas.getContext('2d', { willReadFrequently: true });
        context?.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = context?.getImageData(0, 0, canvas.width, canvas.height);
        const found = image && jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
        if (found?.data) handler.current(found.data);
      }
      timer = window.setTimeout(scan, 200);
    };
    void Promise.resolve()
      .then(() => navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }))
      .then((media) => {
        stream = media;
        if (isStopped || !videoRef.current) return media.getTracks().forEach((t) => t.stop());
        videoRef.current.srcObject = media;
        void videoRef.current.play().catch(() => undefined);
        setCameraError('');
        scan();
      })
      .catch(() => setCameraError(CAMERA_ERROR));
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [isActive]);
  return { videoRef, cameraError };
}

/** A short tone and a buzz, so the door hears the answer without looking (high: admitted, middle: already in, low: refused). */
export function signal(kind: 'admit' | 'already' | 'refuse') {
  navigator.vibrate?.(kind === 'admit' ? 120 : kind === 'already' ? [60, 60, 60] : [80, 60, 80, 60, 80]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = kind === 'admit' ? 880 : kind === 'already' ? 500 : 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (kind === 'admit' ? 0.15 : 0.4));
    tone.onended = () => void audio.close();
  } catch {
    // No audio output: the screen and the vibration still say it.
  }
}
