import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import { CreateButton, useCreatePath, type Identifier } from 'react-admin';
import { SEASON_SALE } from './seasonSale';

interface SellSeasonButtonProps {
  /** The season ticket to sell, chosen already on the sale form (a season ticket's page). */
  season?: Identifier;
  variant?: 'text' | 'contained';
}

/**
 * Opens the season ticket sale at the box office (the season orders' create page); from a season
 * ticket's page with that season ticket chosen (`?source=`, which react-admin reads into the form).
 */
export function SellSeasonButton({ season, variant }: SellSeasonButtonProps) {
  const createPath = useCreatePath();
  const pathname = createPath({ resource: 'season-orders', type: 'create' });
  const search = season === undefined ? '' : `?source=${encodeURIComponent(JSON.stringify({ season_ticket_id: season }))}`;
  return (
    <CreateButton
      resource="season-orders"
      label={`${SEASON_SALE}.action`}
      icon={<PointOfSaleOutlinedIcon />}
      variant={variant}
      to={{ pathname, search }}
    />
  );
}
