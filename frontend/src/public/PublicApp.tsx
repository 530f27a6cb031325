import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode, type ComponentType } from 'react';
import { theme, themeStorage } from '../app/theme';

/**
 * The tree of a pre-rendered public page, the same on the build machine and in the browser:
 * the app's theme around the page, without the router, the query cache and the SPA's shell.
 * A page that follows the colour mode keeps the one /theme-init.js applied, as the SPA does.
 */
export function PublicApp({ Page, followsColorMode = false }: { Page: ComponentType; followsColorMode?: boolean }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme} {...(followsColorMode && { ...themeStorage, disableTransitionOnChange: true })}>
        <CssBaseline enableColorScheme={followsColorMode} />
        <Page />
      </ThemeProvider>
    </StrictMode>
  );
}
