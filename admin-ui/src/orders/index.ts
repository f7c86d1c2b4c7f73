import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { OrderCreate } from './OrderCreate';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

/**
 * Orders: a read-only list for staff, each order's page (/admin/orders/{id}/show) where staff
 * follow a customer's case, and the box-office sale at /admin/orders/create.
 */
export default {
  list: OrderList,
  show: OrderShow,
  create: OrderCreate,
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: 'buyer_email',
};
