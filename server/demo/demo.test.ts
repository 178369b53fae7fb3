import { describe, expect, it } from 'vitest';
import { BasketStore } from './catalog.ts';
import { drawBarChart, synthesizeTone } from './demoMedia.ts';

describe('demo media', () => {
  it('draws a real PNG of the requested size', () => {
    const png = drawBarChart([1, 2, 3], 320, 200);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(320);
    expect(png.readUInt32BE(20)).toBe(200);
  });

  it('synthesizes a PCM WAV of the requested length', () => {
    const wav = synthesizeTone(440, 500, 16000);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(40)).toBe(16000); // 0.5 s × 16 kHz × 2 bytes
  });
});

describe('BasketStore', () => {
  it('issues opaque high-entropy handles and expires them after the stated lifetime', () => {
    let now = 1_000;
    const store = new BasketStore(60_000, () => now);
    const basket = store.create();
    expect(basket.id).toMatch(/^bsk_[A-Za-z0-9_-]{22}$/);
    expect(store.create().id).not.toBe(basket.id);
    now += 30_000;
    expect(store.get(basket.id).ok).toBe(true); // and the lifetime slides
    now += 59_000;
    expect(store.get(basket.id).ok).toBe(true);
    now += 60_001;
    expect(store.get(basket.id)).toEqual({ ok: false, reason: 'expired' });
    expect(store.get('bsk_unknown')).toEqual({ ok: false, reason: 'unknown' });
  });
});
