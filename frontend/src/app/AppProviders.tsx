import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdNetworkSlotsProvider } from '../lib/adNetworkSlots';
import { ToastLayer } from '../lib/toast';
import { adNetworkSlots } from './adNetworkSlots';
import { ColorModeSync } from './ColorModeSync';
import { LanguageProvider, LanguageSync } from './LanguageSync';
import { theme, themeStorage } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme} {...themeStorage} disableTransitionOnChange>
        <CssBaseline enableColorScheme />
        <ColorModeSync />
        <LanguageSync />
        <LanguageProvider>
          <AdNetworkSlotsProvider slots={adNetworkSlots}>{children}</AdNetworkSlotsProvider>
          <ToastLayer />
        </LanguageProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
