import { describe, expect, it } from 'vitest';
import { mediaTypeFits } from './Base64FileWidget.tsx';

describe('file widget media types', () => {
  it('matches exact types, ranges and parameters, case-insensitively', () => {
    expect(mediaTypeFits('image/png', 'image/png')).toBe(true);
    expect(mediaTypeFits('image/*', 'image/jpeg')).toBe(true);
    expect(mediaTypeFits('Image/PNG; q=1', 'image/png')).toBe(true);
    expect(mediaTypeFits('image/png', 'image/jpeg')).toBe(false);
    expect(mediaTypeFits('application/pdf', 'image/png')).toBe(false);
  });
});
