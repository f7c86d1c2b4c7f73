import { deepmerge } from '@mui/utils';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { clubThemeOptions } from '../../ui-theme/theme';

/**
 * What the admin app adds to the shared look: a list's table that is wider than the page (a
 * narrow window, long e-mails) scrolls sideways inside its card, so the page, its app bar and
 * its filters keep the window's width (the layout lets its content shrink: AdminLayout).
 */
const adminThemeOptions: RaThemeOptions = {
  components: {
    // The list's column beside its filter sidebar (none here) may shrink below its table's width.
    RaList: {
      styleOverrides: {
        root: {
          '& .RaList-main': { minWidth: 0 },
        },
      },
    },
    RaDataTable: {
      styleOverrides: {
        root: {
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        },
      },
    },
  },
};

/**
 * react-admin's light theme (sidebar size, dense inputs) dressed in the club's colours: the same
 * options the fan app's theme is built from.
 */
export const adminTheme: RaThemeOptions = deepmerge(deepmerge(defaultLightTheme, clubThemeOptions), adminThemeOptions);
