import { describe, expect, it } from 'vitest';
import { themeOf } from './create-theme';

describe('themeOf', () => {
  it('creates each theme once', () => {
    expect(themeOf('dark')).toBe(themeOf('dark'));
    expect(themeOf('light')).not.toBe(themeOf('dark'));
    expect(themeOf('dark').palette.mode).toBe('dark');
  });
});
