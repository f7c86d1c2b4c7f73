import { deepmerge } from '@mui/utils';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { clubThemeOptions } from '../../ui-theme/theme';

/**
 * react-admin's light theme (sidebar size, dense inputs) dressed in the club's colours: the same
 * options the fan app's theme is built from.
 */
export const adminTheme: RaThemeOptions = deepmerge(defaultLightTheme, clubThemeOptions);
