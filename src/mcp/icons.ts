// Icon URLs from a server are untrusted (an icon is a request the server makes the browser
// send, and an SVG can carry script): only https: and data: image
// sources, http: only when both the server and the icon are on loopback, size-capped, and a
// data: image must really be the image type it claims (magic bytes).

import { isLoopbackHostname } from './links.ts';

export const MAX_ICON_BYTES = 256 * 1024;

export type IconDecision = { ok: true; src: string } | { ok: false; reason: string };

const isLoopback = (url: URL) => isLoopbackHostname(url.hostname);

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,([A-Za-z0-9+/=\s]*)$/i;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0) {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** Checks the first bytes against the claimed image type. */
export function matchesImageType(mimeType: string, bytes: Uint8Array): boolean {
  switch (mimeType.toLowerCase()) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(bytes, [0x47, 0x49, 0x46, 0x38]);
    case 'image/webp':
      return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
    case 'image/svg+xml': {
      const head = new TextDecoder()
        .decode(bytes.slice(0, 512))
        .replace(/^\uFEFF/, '')
        .trimStart();
      return head.startsWith('<svg') || head.startsWith('<?xml') || head.startsWith('<!--');
    }
    default:
      return false;
  }
}

export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Pixel size from the image header (PNG, GIF, JPEG), or undefined when unknown. */
export function imageDimensions(mimeType: string, bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = mimeType.toLowerCase();
  if (type === 'image/png' && bytes.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (type === 'image/gif' && bytes.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (type === 'image/jpeg') {
    // Walk the segments to the first start-of-frame marker (SOF0–SOF15 except DHT/JPG/DAC).
    let offset = 2;
    while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
      const marker = bytes[offset + 1] ?? 0;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      }
      offset += 2 + view.getUint16(offset + 2);
    }
  }
  return undefined;
}

/** Why an image's claimed pixel size is too big to decode safely, if it is. */
export function oversizedImage(mimeType: string, bytes: Uint8Array): string | undefined {
  const size = imageDimensions(mimeType, bytes);
  if (!size) return undefined;
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    return `it claims ${size.width}×${size.height} pixels, over the ${MAX_IMAGE_SIDE} px / ${MAX_IMAGE_PIXELS / 1_000_000} MP safety limit`;
  }
  return undefined;
}

export function decodeBase64Prefix(base64: string, bytes: number): Uint8Array {
  const clean = base64.replace(/\s/g, '');
  const chunk = clean.slice(0, Math.ceil(bytes / 3) * 4);
  const binary = atob(chunk.length % 4 === 0 ? chunk : chunk.padEnd(Math.ceil(chunk.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function decideIconSrc(src: string, serverUrl: string): IconDecision {
  if (src.length > MAX_ICON_BYTES * 1.4) return { ok: false, reason: 'icon larger than 256 KB' };
  if (src.startsWith('data:')) {
    const match = DATA_URL.exec(src);
    if (!match?.[1] || match[2] === undefined) return { ok: false, reason: 'data: URL is not a base64 PNG, JPEG, GIF, WebP or SVG image' };
    try {
      if (!matchesImageType(match[1], decodeBase64Prefix(match[2], 512))) {
        return { ok: false, reason: `bytes are not a ${match[1]} image` };
      }
    } catch {
      return { ok: false, reason: 'invalid base64 in data: URL' };
    }
    return { ok: true, src };
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol === 'https:') return { ok: true, src: url.href };
  if (url.protocol === 'http:') {
    let server: URL | undefined;
    try {
      server = new URL(serverUrl);
    } catch {
      server = undefined;
    }
    if (server && isLoopback(server) && isLoopback(url)) return { ok: true, src: url.href };
    return { ok: false, reason: 'http: icons are allowed only from a loopback server' };
  }
  return { ok: false, reason: `${url.protocol} URLs are not allowed for icons` };
}
