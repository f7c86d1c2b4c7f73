import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { OrderList } from './OrderList';

/** Orders: a read-only list for staff (the API has no page per order for them). */
export default {
  list: OrderList,
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: 'buyer_email',
};
