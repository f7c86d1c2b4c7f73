import { describe, expect, it as test } from 'vitest';
import en from './en.json';
import it from './it.json';
import seasonEn from './seasonOrder/en.json';
import seasonIt from './seasonOrder/it.json';
import queueEn from './queue/en.json';
import queueIt from './queue/it.json';
import transferEn from './transfer/en.json';
import transferIt from './transfer/it.json';
import refundEn from './refund/en.json';
import refundIt from './refund/it.json';
import resaleEn from './resale/en.json';
import resaleIt from './resale/it.json';
import identityEn from './identity/en.json';
import identityIt from './identity/it.json';
import accountDeletionEn from './accountDeletion/en.json';
import accountDeletionIt from './accountDeletion/it.json';
import supporterCardEn from './supporterCard/en.json';
import supporterCardIt from './supporterCard/it.json';
import corporateEn from './corporate/en.json';
import corporateIt from './corporate/it.json';

/** Every leaf key of a nested resource object, as dotted paths. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) =>
    keysOf(value, prefix === '' ? key : `${prefix}.${key}`),
  );
}

describe('translations', () => {
  test('Italian and English have exactly the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(it).sort());
  });

  test("the season namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(seasonEn).sort()).toEqual(keysOf(seasonIt).sort());
  });

  test("the queue namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(queueEn).sort()).toEqual(keysOf(queueIt).sort());
  });

  test("the transfer namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(transferEn).sort()).toEqual(keysOf(transferIt).sort());
  });

  test("the refund namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(refundEn).sort()).toEqual(keysOf(refundIt).sort());
  });

  test("the resale namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(resaleEn).sort()).toEqual(keysOf(resaleIt).sort());
  });

  test("the identity namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(identityEn).sort()).toEqual(keysOf(identityIt).sort());
  });

  test("the account deletion namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(accountDeletionEn).sort()).toEqual(keysOf(accountDeletionIt).sort());
  });

  test("the supporter card namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(supporterCardEn).sort()).toEqual(keysOf(supporterCardIt).sort());
  });

  test("the corporate namespace's Italian and English have exactly the same keys", () => {
    expect(keysOf(corporateEn).sort()).toEqual(keysOf(corporateIt).sort());
  });

  test('no translation is empty', () => {
    const empty = [it, en, seasonIt, seasonEn, queueIt, queueEn, transferIt, transferEn, refundIt, refundEn, resaleIt, resaleEn, identityIt, identityEn, accountDeletionIt, accountDeletionEn, supporterCardIt, supporterCardEn, corporateIt, corporateEn].flatMap((tree) =>
      keysOf(tree).filter((key) => {
        const value = key.split('.').reduce<unknown>(
          (node, part) => (node as Record<string, unknown>)[part],
          tree,
        );
        return typeof value !== 'string' || value.trim() === '';
      }),
    );
    expect(empty).toEqual([]);
  });
});
