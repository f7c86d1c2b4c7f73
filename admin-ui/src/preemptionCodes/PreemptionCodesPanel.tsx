import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { SHRINKABLE } from '../layout/grid';
import type { PhaseTarget } from '../phases/types';
import { AddPreemptionCodeForm } from './AddPreemptionCodeForm';
import { ImportPreemptionCodes } from './ImportPreemptionCodes';
import { PreemptionCodeList } from './PreemptionCodeList';
import { CODES } from './types';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A match's or a season ticket's custom list of pre-emption rights (the spec's preemption_codes):
 * the cards and fiscal seals that may buy during its "Codice di prelazione" phase, each with its
 * sectors; staff add one, import a sheet of them, search, export and remove them. Loaded when its
 * tab opens (PreemptionCodesTab, through targetPanels).
 */
export default function PreemptionCodesPanel({ target }: { target: PhaseTarget }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, minWidth: 0, width: '100%' }} data-testid="preemption-codes-panel">
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
        {translate('season_ticket_id' in target ? `${CODES}.help.season` : `${CODES}.help.fixture`)}
      </Typography>
      <Part id="preemption-codes-add-title" title={translate(`${CODES}.add.title`)}>
        <AddPreemptionCodeForm target={target} />
      </Part>
      <Part id="preemption-codes-import-title" title={translate(`${CODES}.import.title`)}>
        <ImportPreemptionCodes target={target} />
      </Part>
      <Divider />
      <Box sx={{ minWidth: 0 }}>
        <PreemptionCodeList target={target} />
      </Box>
    </Box>
  );
}
