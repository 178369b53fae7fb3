import { useEffect, useState } from 'react';

/** An object URL for the bytes, revoked when the component goes away or the bytes change. */
export function useBlobUrl(bytes: Uint8Array<ArrayBuffer> | undefined, mimeType: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!bytes) return undefined;
    const objectUrl = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [bytes, mimeType]);
  return url;
}
