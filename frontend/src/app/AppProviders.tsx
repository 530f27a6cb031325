import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastLayer } from '../lib/toast';
import { ColorModeSync } from './ColorModeSync';
import { theme, themeStorage } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme} {...themeStorage} disableTransitionOnChange>
        <CssBaseline enableColorScheme />
        <ColorModeSync />
        {children}
        <ToastLayer />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
