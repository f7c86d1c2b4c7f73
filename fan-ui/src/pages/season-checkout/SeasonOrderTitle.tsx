import { useTranslation } from 'react-i18next';
import { MatchTitle } from '../../components/MatchTitle';
import { SEASON_ORDER_NS } from '../../i18n';
import { SeasonDates } from '../../seasons/SeasonDates';
import type { SeasonRef } from '../../../../api-types';

/** The season ticket an order is for, on top of its pages: its label, name and first and last match days. */
export function SeasonOrderTitle({ season, back = false }: { season: SeasonRef; back?: boolean }) {
  const { t } = useTranslation(SEASON_ORDER_NS);
  const last = season.matches.at(-1)?.starts_at ?? null;
  return (
    <MatchTitle
      fixture={{ competition: season.label, title: season.name }}
      when={<SeasonDates first={season.first_match_at ?? season.matches[0]?.starts_at ?? null} last={last} />}
      back={back ? { to: `/selectedseasonticket/${season.id}`, label: t('checkout.backToSeason') } : undefined}
    />
  );
}
