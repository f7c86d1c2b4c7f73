import { describe, expect, it } from 'vitest';
import { waitingRoomMessages } from './messages';

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

describe("the waiting rooms' strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(waitingRoomMessages.en).sort()).toEqual(keysOf(waitingRoomMessages.it).sort());
  });
});
