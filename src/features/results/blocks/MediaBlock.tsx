import { useMemo, useState } from 'react';
import { matchesImageType, oversizedImage } from '../../../mcp/icons.ts';
import { base64Size, base64ToBytes, formatBytes } from '../../../mcp/results.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { downloadBytes } from '../../../web/download.ts';
import { useObjectUrlRef } from '../useBlobUrl.ts';

export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

type Decoded = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: string };

function decode(data: string, mimeType: string, kind: 'image' | 'audio'): Decoded {
  const size = base64Size(data);
  if (size > MAX_MEDIA_BYTES)
    return { ok: false, reason: `${kind} of ${formatBytes(size)} is over the ${formatBytes(MAX_MEDIA_BYTES)} display limit.` };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64ToBytes(data);
  } catch {
    return { ok: false, reason: `The ${kind} data is not valid base64.` };
  }
  if (kind === 'image' && !matchesImageType(mimeType, bytes)) {
    return {
      ok: false,
      reason: `The bytes are not a ${mimeType} image (magic number mismatch), or the type is not one Toolscope displays.`,
    };
  }
  const oversized = kind === 'image' ? oversizedImage(mimeType, bytes) : undefined;
  if (oversized) return { ok: false, reason: `Not decoded: ${oversized}.` };
  if (kind === 'audio' && !mimeType.toLowerCase().startsWith('audio/'))
    return { ok: false, reason: `"${mimeType}" is not an audio MIME type.` };
  return { ok: true, bytes };
}

export function ImageBlock({ data, mimeType }: { data: string; mimeType: string }) {
  const decoded = useMemo(() => decode(data, mimeType, 'image'), [data, mimeType]);
  const ref = useObjectUrlRef(decoded.ok ? decoded.bytes : undefined, mimeType);
  const [zoom, setZoom] = useState(false);
  if (!decoded.ok) return <p className="text-sm text-warn">Image not shown: {decoded.reason}</p>;
  const { bytes } = decoded;
  return (
    <figure className="flex flex-col gap-1">
      <button type="button" onClick={() => setZoom(!zoom)} className="self-start" aria-label={zoom ? 'Shrink' : 'Zoom'} aria-pressed={zoom}>
        <img ref={ref} alt={`Tool result, ${mimeType}`} className={zoom ? 'max-w-none' : 'max-h-64 max-w-full'} />
      </button>
      <figcaption className="flex items-center gap-2 text-xs text-muted">
        {mimeType} · {formatBytes(bytes.length)}
        <Button
          variant="ghost"
          className="text-xs"
          onClick={() => downloadBytes(bytes, mimeType, `image.${mimeType.split('/')[1]?.replace('+xml', '') ?? 'bin'}`)}
        >
          Download
        </Button>
      </figcaption>
    </figure>
  );
}

export function AudioBlock({ data, mimeType }: { data: string; mimeType: string }) {
  const decoded = useMemo(() => decode(data, mimeType, 'audio'), [data, mimeType]);
  const ref = useObjectUrlRef(decoded.ok ? decoded.bytes : undefined, mimeType);
  const [duration, setDuration] = useState<number>();
  if (!decoded.ok) return <p className="text-sm text-warn">Audio not playable: {decoded.reason}</p>;
  const { bytes } = decoded;
  return (
    <figure className="flex flex-col gap-1">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a server's audio comes without captions; its text blocks sit beside it. */}
      <audio
        ref={ref}
        controls
        aria-label={`Tool result, ${mimeType}`}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
      />
      <figcaption className="flex items-center gap-2 text-xs text-muted">
        {mimeType} · {formatBytes(bytes.length)}
        {duration !== undefined && Number.isFinite(duration) ? ` · ${duration.toFixed(2)} s` : ''}
        <Button
          variant="ghost"
          className="text-xs"
          onClick={() => downloadBytes(bytes, mimeType, `audio.${mimeType.split('/')[1] ?? 'bin'}`)}
        >
          Download
        </Button>
      </figcaption>
    </figure>
  );
}
