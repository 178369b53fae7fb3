// Real media for the demo server: a PNG bar chart drawn pixel by pixel and a WAV tone
// synthesized sample by sample, so Toolscope's image and audio renderers see genuine files.
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Encodes an RGB pixel buffer (width*height*3 bytes) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const PALETTE: readonly Rgb[] = [
  [37, 99, 235],
  [22, 163, 74],
  [234, 88, 12],
  [147, 51, 234],
  [219, 39, 119],
  [13, 148, 136],
];

/** Draws a bar chart of the given values (one bar each) with axes, as a PNG. */
export function drawBarChart(values: readonly number[], width = 320, height = 200): Buffer {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const paint = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    rgb[i] = r;
    rgb[i + 1] = g;
    rgb[i + 2] = b;
  };
  const margin = 20;
  const axis: Rgb = [55, 65, 81];
  for (let x = margin; x < width - margin / 2; x++) paint(x, height - margin, axis);
  for (let y = margin / 2; y <= height - margin; y++) paint(margin, y, axis);
  const max = Math.max(1, ...values);
  const slot = (width - margin * 2) / Math.max(1, values.length);
  values.forEach((value, index) => {
    const barHeight = Math.round(((height - margin * 2) * value) / max);
    const x0 = Math.round(margin + 4 + index * slot);
    const x1 = Math.round(margin + (index + 1) * slot - 4);
    const colour = PALETTE[index % PALETTE.length] ?? axis;
    for (let x = x0; x < x1; x++) {
      for (let y = height - margin - barHeight; y < height - margin; y++) paint(x, y, colour);
    }
  });
  return encodePng(width, height, rgb);
}

/** A 16×16 single-colour square, used as a tool icon. */
export function squareIcon(colour: Rgb): Buffer {
  const rgb = new Uint8Array(16 * 16 * 3);
  for (let i = 0; i < 16 * 16; i++) rgb.set(colour, i * 3);
  return encodePng(16, 16, rgb);
}

/** Synthesizes a mono 16-bit PCM WAV sine tone with a short fade in and out. */
export function synthesizeTone(frequencyHz: number, durationMs: number, sampleRate = 16000): Buffer {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.min(samples / 2, sampleRate * 0.02);
  for (let n = 0; n < samples; n++) {
    const envelope = Math.min(1, n / fade, (samples - n) / fade);
    const value = Math.sin((2 * Math.PI * frequencyHz * n) / sampleRate) * 0.6 * envelope;
    data.writeInt16LE(Math.round(value * 32767), n * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
