import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Modal } from './ui/modal.tsx';

export const CROP_ASPECT = 16 / 9;
const OUTPUT_WIDTH = 1280;
const JPEG_QUALITY = 0.95;

async function cropToBlob(src: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  const scale = Math.min(1, OUTPUT_WIDTH / area.width);
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not crop the image'))), 'image/jpeg', JPEG_QUALITY),
  );
}

/** Image crop modal (spec 1 §9): 16:9 by default, zoom slider 0 to 3 in steps of 0.1, Cancel and Save. */
export function ImageCropModal({
  src,
  onCancel,
  onSave,
  aspect = CROP_ASPECT,
}: {
  src: string;
  onCancel: () => void;
  onSave: (blob: Blob) => void;
  aspect?: number;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const save = async () => {
    if (!area) return;
    setBusy(true);
    try {
      onSave(await cropToBlob(src, area));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Crop image" onClose={onCancel}>
      <div className="relative h-64 w-full overflow-hidden rounded-lg bg-black sm:h-80">
        <Cropper
          image={src}
          crop={crop}
          zoom={Math.max(zoom, 0.1)}
          minZoom={0.1}
          maxZoom={3}
          aspect={aspect}
          restrictPosition={zoom >= 1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
        />
      </div>
      <label className="mt-4 block text-sm text-zinc-300">
        Zoom
        <input
          type="range"
          min={0}
          max={3}
          step={0.1}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          className="mt-2 w-full accent-brand-400"
        />
      </label>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={() => void save()} disabled={!area || busy}>
          Save
        </button>
      </div>
    </Modal>
  );
}

/** A file picker that opens the crop modal and hands back the cropped JPEG. */
export function ImagePicker({ label, value, onChange, error }: { label: string; value: Blob | null; onChange: (blob: Blob | null) => void; error?: string }) {
  const [source, setSource] = useState<string | null>(null);
  const preview = value ? URL.createObjectURL(value) : null;
  return (
    <div>
      <span className="field-label">{label}</span>
      <div className="flex items-center gap-4">
        {preview ? (
          <img src={preview} alt="Chosen image preview" className="aspect-video w-40 rounded-lg object-cover" />
        ) : (
          <div className="flex aspect-video w-40 items-center justify-center rounded-lg border border-dashed border-zinc-600 text-xs text-zinc-500">
            No image
          </div>
        )}
        <div className="flex flex-col gap-2">
          <label className="btn-secondary cursor-pointer">
            {value ? 'Change image' : 'Choose image'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) setSource(URL.createObjectURL(file));
                e.target.value = '';
              }}
            />
          </label>
          {value && (
            <button type="button" className="text-sm text-zinc-400 underline" onClick={() => onChange(null)}>
              Remove
            </button>
          )}
        </div>
      </div>
      {error && <p className="field-error">{error}</p>}
      {source && (
        <ImageCropModal
          src={source}
          onCancel={() => setSource(null)}
          onSave={(blob) => {
            onChange(blob);
            setSource(null);
          }}
        />
      )}
    </div>
  );
}
