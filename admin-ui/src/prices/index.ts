import EuroOutlinedIcon from '@mui/icons-material/EuroOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { PriceEdit } from './PriceEdit';

/** Default prices by sector and reduction: listed at /admin/stadium/ticketprice, edited one by one. */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.prices }),
  edit: PriceEdit,
  icon: EuroOutlinedIcon,
  recordRepresentation: (price: { sector_code: string; reduction_name: string }) =>
    `${price.sector_code} · ${price.reduction_name}`,
};
