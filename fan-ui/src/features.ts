/**
 * Areas of the shop that exist in the spec but not yet in this app. Their entry points (the home
 * page's cards) stay hidden until the area is built: a card that leads to "not found" loses fans.
 * Turn one on here when its routes exist.
 */
export const FEATURES = {
  seasonTickets: true,
  collectibles: false,
} as const;
