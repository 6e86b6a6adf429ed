import { useEffect, useRef } from 'react';

/**
 * A listing's photo at full screen (spec 1 §2): a native modal <dialog>, so focus stays inside
 * and Escape closes it; a click on the dark backdrop or the close button closes it too.
 */
export function ImageOverlay({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={alt}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // The picture itself does not close it; everything around it (the backdrop) does.
        if (e.target === e.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none items-center justify-center bg-black/90 p-4 backdrop:bg-black/60 open:flex sm:p-10"
    >
      <img src={src} alt={alt} className="max-h-full max-w-full rounded-lg object-contain shadow-2xl" />
      <button
        type="button"
        onClick={onClose}
        aria-label="Close image"
        className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full bg-zinc-900/80 text-2xl text-white ring-1 ring-white/30 hover:bg-zinc-800"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </dialog>
  );
}
