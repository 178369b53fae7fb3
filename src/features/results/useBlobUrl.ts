import { useCallback } from 'react';

type MediaElement = HTMLImageElement | HTMLAudioElement;

/**
 * A ref callback that gives the element an object URL for the bytes and revokes it when the
 * element goes away (React 19 ref cleanup) — no URL outlives its element.
 */
export function useObjectUrlRef(bytes: Uint8Array<ArrayBuffer> | undefined, mimeType: string) {
  return useCallback(
    (element: MediaElement | null) => {
      if (!element || !bytes) return undefined;
      const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [bytes, mimeType],
  );
}
