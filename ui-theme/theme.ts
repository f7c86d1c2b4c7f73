/**
 * The one look of Lario: Como 1907's blue and white, shared by the fan app and the admin app.
 *
 * This file may import only '@mui/material/styles': each app has its own node_modules and resolves
 * that import from there (vite `resolve.dedupe` and a tsconfig `paths` entry in each app).
 */
import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** Como blue, dark enough for white text at WCAG AA on buttons and the app bar. */
export const COMO_BLUE = '#0a3a7a';
const COMO_BLUE_LIGHT = '#3d64a8';
const COMO_BLUE_DARK = '#00245a';

/**
 * The theme as options, for apps that merge it with their own defaults (react-admin builds its
 * theme from options, not from a created theme).
 */
export const clubThemeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: {
      main: COMO_BLUE,
      light: COMO_BLUE_LIGHT,
      dark: COMO_BLUE_DARK,
      contrastText: '#ffffff',
    },
    secondary: {
      main: '#ffffff',
      light: '#ffffff',
      dark: '#e3e9f2',
      contrastText: COMO_BLUE,
    },
    // Darker than MUI's defaults so small text on white still passes AA.
    success: { main: '#1b6e3a', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    warning: { main: '#8a5300', contrastText: '#ffffff' },
    background: {
      default: '#f3f6fa',
      paper: '#ffffff',
    },
    text: {
      primary: '#13213a',
      secondary: '#4a5870',
    },
    divider: '#d9e0ea',
  },
  shape: {
    borderRadius: 10,
  },
  typography: {
    // System fonts: nothing to download on a crowded stadium network.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.01em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0 },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
    },
  },
};

/** The club's MUI theme. */
export const clubTheme = createTheme(clubThemeOptions);
