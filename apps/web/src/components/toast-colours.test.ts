import { describe, expect, it } from 'vitest';
import { TOAST_BACKGROUNDS } from './dismissible-toast';

/** WCAG 2.x relative luminance of an #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('toast colours', () => {
  it('keep white toast text at WCAG AA (4.5:1) on every variant', () => {
    for (const [variant, colour] of Object.entries(TOAST_BACKGROUNDS)) expect(contrastWithWhite(colour), variant).toBeGreaterThanOrEqual(4.5);
    // notistack's own success green, for scale: the reason these exist.
    expect(contrastWithWhite('#43a047')).toBeLessThan(4.5);
  });
});
