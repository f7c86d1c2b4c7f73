import type { Fixture } from '../fixtures/types';

/** Como - Lazio on sale, as the admin API lists a fixture; `overrides` change what a test needs. */
export function aFixture(overrides: Partial<Fixture> = {}): Fixture {
  return {
    id: 7,
    planet_event_id: 1001,
    spettacolo_id: 5001,
    title: 'Como - Lazio',
    competition: 'Serie A 2025-2026',
    kind: 'league',
    starts_at: '2026-12-06T19:45:00Z',
    ends_at: '2026-12-06T21:45:00Z',
    status: 1,
    high_risk: false,
    per_buyer_limit: 4,
    inventory_ready: true,
    from_price_cents: 2500,
    free: 11873,
    ...overrides,
  };
}
