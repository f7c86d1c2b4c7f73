import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import SportsSoccerOutlinedIcon from '@mui/icons-material/SportsSoccerOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate, type Identifier } from 'react-admin';
import { FixturePicker } from '../fixtures/FixturePicker';
import { SHRINKABLE } from '../layout/grid';
import { SeasonTicketPicker } from '../seasonTickets/SeasonTicketPicker';
import { PhasesTab } from './PhasesTab';
import type { PhaseTarget, PhaseTargetKind } from './types';

const PAGE = 'pages.phases';

/**
 * The sale phases, at /admin/preemption/phases: staff choose a season ticket (or a match still
 * to be played) and see its phases, as on its own page's "Fasi di vendita" tab.
 */
export function PhasesPage() {
  const translate = useTranslate();
  const [kind, setKind] = useState<PhaseTargetKind>('season');
  const [seasonId, setSeasonId] = useState<Identifier | ''>('');
  const [fixtureId, setFixtureId] = useState<Identifier | ''>('');
  const target: PhaseTarget | undefined =
    kind === 'season'
      ? seasonId === ''
        ? undefined
        : { season_ticket_id: seasonId }
      : fixtureId === ''
        ? undefined
        : { fixture_id: fixtureId };
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0 }}>
      <Title title={`${PAGE}.title`} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(`${PAGE}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {translate(`${PAGE}.subtitle`)}
        </Typography>
      </Box>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={kind}
            onChange={(_, next: PhaseTargetKind | null) => {
              if (next !== null) {
                setKind(next);
              }
            }}
            aria-label={translate(`${PAGE}.target`)}
          >
            <ToggleButton value="season">
              <CardMembershipOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
              {translate(`${PAGE}.season_ticket`)}
            </ToggleButton>
            <ToggleButton value="fixture">
              <SportsSoccerOutlinedIcon fontSize="small" sx={{ mr: 1 }} />
              {translate(`${PAGE}.fixture`)}
            </ToggleButton>
          </ToggleButtonGroup>
          {kind === 'season' ? (
            <SeasonTicketPicker
              label={translate(`${PAGE}.season_ticket`)}
              value={seasonId}
              onChange={setSeasonId}
              emptyText={translate(`${PAGE}.no_season`)}
              sx={{ width: 420, maxWidth: '100%' }}
            />
          ) : (
            <FixturePicker
              label={translate(`${PAGE}.fixture`)}
              value={fixtureId}
              onChange={setFixtureId}
              emptyText={translate(`${PAGE}.no_fixture`)}
              sx={{ width: 420, maxWidth: '100%' }}
            />
          )}
        </CardContent>
      </Card>
      {target === undefined ? (
        <Typography variant="body2" color="text.secondary">
          {translate(kind === 'season' ? `${PAGE}.choose_season_first` : `${PAGE}.choose_fixture_first`)}
        </Typography>
      ) : (
        <Card>
          <CardContent sx={{ minWidth: 0 }}>
            <PhasesTab key={JSON.stringify(target)} target={target} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
