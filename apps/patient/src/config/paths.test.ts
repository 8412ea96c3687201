import { RESERVED_SLUGS } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('the app’s fixed addresses', () => {
  it('are each a word no organisation may take as its slug, so no hospital’s page shadows one', () => {
    const base = import.meta.env.BASE_URL;
    const fixed = Object.values(paths)
      .map((entry) => entry.path.slice(base.length).split('/')[0] ?? '')
      .filter((first) => first !== '' && !first.startsWith(':'));
    expect(fixed.length).toBeGreaterThanOrEqual(5);
    expect(fixed.filter((first) => !RESERVED_SLUGS.has(first))).toEqual([]);
  });
});
