import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SEASON_ORDER_NS } from '../../i18n';
import type { SeasonT } from '../../seasons/orderWords';
import type { MyRenewalRight, SeasonSector } from '../../../../api-types';

interface MyRenewalRightsProps {
  /** The fan's rights for this season ticket (at least one). */
  rights: MyRenewalRight[];
  /** The season's sectors, to name a kept seat's sector. */
  sectors: Pick<SeasonSector, 'code' | 'name'>[];
  /** Fills the renewal form in with this right's code and holder. */
  onUse: (right: MyRenewalRight) => void;
  /** Puts every right not renewed yet in the list of renewals; none: no list (a change of seat). */
  onUseAll?: (rights: MyRenewalRight[]) => void;
}

/**
 * "I tuoi abbonamenti da rinnovare": last season's holders whose e-mail is the fan's (the club
 * e-mailed them their renewal code), each with the seat it keeps and its code, or "Rinnovato";
 * each one not renewed fills the form in, and two or more go in the list of renewals at once
 * (when there is a list: not during a change of seat).
 */
export function MyRenewalRights({ rights, sectors, onUse, onUseAll }: MyRenewalRightsProps) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const titleId = useId();
  const open = rights.filter((right) => !right.renewed);
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="my-renewal-rights">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2">
          {ts('myRenewalRights.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {ts('myRenewalRights.intro')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {rights.map((right, index) => {
            const name = `${right.first_name} ${right.last_name}`;
            return (
              <Box
                component="li"
                key={`${right.renewal_code ?? name}-${index}`}
                data-testid="my-renewal-right"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1.5,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  {right.seat_label !== null && right.seat_label !== undefined && (
                    <Typography variant="body2">
                      {ts('myRenewalRights.seat', { seat: seatText(ts, right.seat_label, sectors) })}
                    </Typography>
                  )}
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {right.renewal_code === null || right.renewal_code === undefined
                      ? ts('myRenewalRights.noCode')
                      : ts('myRenewalRights.code', { code: right.renewal_code })}
                  </Typography>
                </Box>
                {right.renewed ? (
                  <Chip color="success" label={ts('myRenewalRights.renewed')} data-testid="my-renewal-right-renewed" />
                ) : (
                  <Button
                    variant="outlined"
                    onClick={() => onUse(right)}
                    aria-label={ts('myRenewalRights.useLabel', { name })}
                    data-testid="my-renewal-right-use"
                  >
                    {ts('myRenewalRights.use')}
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
        {open.length > 1 && onUseAll !== undefined && (
          <Button
            variant="contained"
            onClick={() => onUseAll(open)}
            data-testid="my-renewal-rights-all"
            sx={{ justifySelf: 'start' }}
          >
            {ts('myRenewalRights.all')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A kept seat, "TC-TC3-9-1" (area, block, row, number), as the wallet writes a seat: "Tribuna
 * Centrale, blocco TC3, fila 9, posto 1"; a label of another shape as it is.
 */
function seatText(ts: SeasonT, label: string, sectors: MyRenewalRightsProps['sectors']): string {
  const parts = label.split('-');
  if (parts.length !== 4 || parts.some((part) => part === '')) {
    return label;
  }
  const [sector = '', block, row, number] = parts;
  const name = sectors.find((candidate) => candidate.code === sector)?.name ?? sector;
  return ts('wallet.seat', { sector: name, block, row, number });
}
