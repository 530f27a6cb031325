import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode, type ComponentType } from 'react';
import { theme } from '../app/theme';

/**
 * The tree of a pre-rendered public page, the same on the build machine and in the browser:
 * the app's theme around the page, without the router, the query cache and the SPA's shell.
 */
export function PublicApp({ Page }: { Page: ComponentType }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Page />
      </ThemeProvider>
    </StrictMode>
  );
}
