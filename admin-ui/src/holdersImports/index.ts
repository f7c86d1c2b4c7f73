import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { LazyHoldersImportShow } from '../lazyPages';
import { RedirectTo } from '../layout/RedirectTo';
import type { HoldersImport } from '../../../api-types';

/**
 * Sheets of last season's holders: uploaded and listed at /admin/preemption/holders_import, each
 * followed on its own page (progress, rejected rows). Never edited: the import moves on by itself.
 */
export default {
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.holdersImport }),
  show: LazyHoldersImportShow,
  icon: GroupAddOutlinedIcon,
  recordRepresentation: (record: Pick<HoldersImport, 'label' | 'file_name'>) => `${record.label} · ${record.file_name}`,
};
