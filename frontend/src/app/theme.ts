import { createTheme } from '@mui/material/styles';
import { COLOR_SCHEME_ATTRIBUTE, COLOR_MODE_STORAGE_KEY } from '../lib/colorMode';

/**
 * Light and dark palettes as CSS variables. The scheme is chosen by an attribute on <html>
 * (`data-color-scheme="dark"`), which /theme-init.js sets from localStorage before the first paint
 * and the ThemeProvider keeps up to date afterwards, so a dark page never flashes light.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#4f46e5' },
        secondary: { main: '#0ea5e9' },
        background: { default: '#f8fafc' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#a5b4fc' },
        secondary: { main: '#7dd3fc' },
        background: { default: '#0b1120', paper: '#111827' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

/** The ThemeProvider's storage settings, shared with /theme-init.js through lib/colorMode. */
export const themeStorage = { modeStorageKey: COLOR_MODE_STORAGE_KEY, defaultMode: 'light' } as const;
