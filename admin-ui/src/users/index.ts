import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** Users: staff search and look; admins change roles. */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleOutlinedIcon,
  recordRepresentation: 'email',
};
