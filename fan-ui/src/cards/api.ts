import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type { NewCard, SupporterCard } from '../../../api-types';

export const supporterCardsKey = ['supporter-cards'] as const;

/** `GET /api/me/supporter-cards`: the fan's cards, oldest first. */
export function useSupporterCards() {
  return useQuery({
    queryKey: supporterCardsKey,
    queryFn: () => apiGet<SupporterCard[]>('/api/me/supporter-cards'),
  });
}

/** `POST /api/me/supporter-cards`: the ticketing system is asked for the card before it is added. */
export function addSupporterCard(card: NewCard): Promise<SupporterCard> {
  return apiSend<SupporterCard>('POST', '/api/me/supporter-cards', card);
}

/** `DELETE /api/me/supporter-cards/{id}`. */
export function removeSupporterCard(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/api/me/supporter-cards/${encodeURIComponent(id)}`);
}
