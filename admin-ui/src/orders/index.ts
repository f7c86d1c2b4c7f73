import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { OrderCreate } from './OrderCreate';
import { OrderList } from './OrderList';

/**
 * Orders: a read-only list for staff (the API has no page per order for them), and the
 * box-office sale at /admin/orders/create.
 */
export default {
  list: OrderList,
  create: OrderCreate,
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: 'buyer_email',
};
