import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdNetworkSlotsProvider } from '../lib/adNetworkSlots';
import { AdsSlotsProvider } from '../lib/adsSlots';
import { ToastLayer } from '../lib/toast';
import { adNetworkSlots } from './adNetworkSlots';
import { adsSlots } from './adsSlots';
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
          <AdNetworkSlotsProvider slots={adNetworkSlots}>
            <AdsSlotsProvider slots={adsSlots}>{children}</AdsSlotsProvider>
          </AdNetworkSlotsProvider>
          <ToastLayer />
        </LanguageProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
