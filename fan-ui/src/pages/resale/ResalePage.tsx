import { useParams } from 'react-router';
import { ResaleBuyPage } from './ResaleBuyPage';
import { ResaleSeasonPage } from './ResaleSeasonPage';

/**
 * Resale at face value's pages: a seat on resale as a buyer sees it and buys it (`/resale/{id}`),
 * or a season seat's match put on resale by its holder (`/resale_season/{line}/{fixture}`). One
 * chunk for both: the first page's code carries one lazy import for them, not two (its budget
 * is nearly full).
 */
export default function ResalePage() {
  return useParams().resaleId === undefined ? <ResaleSeasonPage /> : <ResaleBuyPage />;
}
