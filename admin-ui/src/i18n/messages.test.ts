import { describe, expect, it } from 'vitest';
import { englishAppMessages } from './en';
import { italianMessages } from './it';

/** Every leaf key of a nested message tree, as dotted paths. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) =>
    keysOf(value, prefix === '' ? key : `${prefix}.${key}`),
  );
}

describe('admin translations', () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(englishAppMessages).sort()).toEqual(keysOf(italianMessages).sort());
  });

  it('has our own strings in both languages', () => {
    const ours = keysOf(italianMessages).filter((key) => !key.startsWith('ra.'));
    expect(ours).toContain('resources.emails.name');
    expect(ours).toContain('resources.emails.fields.status');
    expect(ours).toContain('pages.dashboard.title');
  });
});
