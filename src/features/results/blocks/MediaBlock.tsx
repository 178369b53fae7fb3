import { useMemo, useState } from 'react';
import { matchesImageType } from '../../../mcp/icons.ts';
import { base64Size, base64ToBytes, formatBytes } from '../../../mcp/results.ts';
import { useBlobUrl } from '../useBlobUrl.ts';

export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

type Decoded = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: string };

function decode(data: string, mimeType: string, kind: 'image' | 'audio'): Decoded {
  const size = base64Size(data);
  if (size > MAX_MEDIA_BYTES) return { ok: false, reason: `${kind} of ${formatBytes(size)} is over the ${formatBytes(MAX_MEDIA_BYTES)} display limit.` };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64ToBytes(data);
  } catch {
    return { ok: false, reason: `The ${kind} data is not valid base64.` };
  }
  if (kind === 'image' && !matchesImageType(mimeType, bytes)) {
    return { ok: false, reason: `The bytes are not a ${mimeType} image (magic number mismatch), or the type is not one Toolscope displays.` };
  }
  if (kind === 'audio' && !mimeType.toLowerCase().startsWith('audio/')) return { ok: false, reason: `"${mimeType}" is not an audio MIME type.` };
  return { ok: true, bytes };
}

export function ImageBlock({ data, mimeType }: { data: string; mimeType: string }) {
  const decoded = useMemo(() => decode(data, mimeType, 'image'), [data, mimeType]);
  const url = useBlobUrl(decoded.ok ? decoded.bytes : undefined, mimeType);
  const [zoom, setZoom] = useState(false);
  if (!decoded.ok) return <p className="text-sm text-amber-800 dark:text-amber-200">Image not shown: {decoded.reason}</p>;
  return (
    <figure className="flex flex-col gap-1">
      {url ? (
        <button type="button" onClick={() => setZoom(!zoom)} className="self-start" aria-label={zoom ? 'Shrink image' : 'Zoom image'}>
          <img src={url} alt={`Image (${mimeType}) from the tool result`} className={zoom ? 'max-w-none' : 'max-h-64 max-w-full'} />
        </button>
      ) : null}
      <figcaption className="flex gap-2 text-xs text-slate-500">
        {mimeType} · {formatBytes(decoded.bytes.length)}
        {url ? (
          <a href={url} download={`image.${mimeType.split('/')[1]?.replace('+xml', '') ?? 'bin'}`} className="underline">
            Download
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}

export function AudioBlock({ data, mimeType }: { data: string; mimeType: string }) {
  const decoded = useMemo(() => decode(data, mimeType, 'audio'), [data, mimeType]);
  const url = useBlobUrl(decoded.ok ? decoded.bytes : undefined, mimeType);
  const [duration, setDuration] = useState<number>();
  if (!decoded.ok) return <p className="text-sm text-amber-800 dark:text-amber-200">Audio not playable: {decoded.reason}</p>;
  return (
    <figure className="flex flex-col gap-1">
      {url ? <audio controls src={url} aria-label={`Audio (${mimeType})`} onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)} /> : null}
      <figcaption className="flex gap-2 text-xs text-slate-500">
        {mimeType} · {formatBytes(decoded.bytes.length)}
        {duration !== undefined && Number.isFinite(duration) ? ` · ${duration.toFixed(2)} s` : ''}
        {url ? (
          <a href={url} download="audio" className="underline">
            Download
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}
