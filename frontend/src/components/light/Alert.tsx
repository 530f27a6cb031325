import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { svgIcon } from './svgIcon';

const ErrorOutlineIcon = svgIcon(
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
);

/** MUI's standard error Alert (role="alert"), in the theme's alert colours for light and dark. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Box role="alert" sx={{ display: 'flex', px: 2, py: '6px', borderRadius: 1, typography: 'body2', bgcolor: 'Alert.errorStandardBg', color: 'Alert.errorColor' }}>
      <Box sx={{ display: 'flex', mr: 1.5, py: '7px', opacity: 0.9, color: 'Alert.errorIconColor' }}>
        <ErrorOutlineIcon size={22} />
      </Box>
      <Box sx={{ py: 1, minWidth: 0, overflow: 'auto' }}>{children}</Box>
    </Box>
  );
}
