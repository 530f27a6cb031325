import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A horizontal rule with a word in the middle ('or'), as MUI's Divider with children. */
export function TextDivider({ children }: { children: ReactNode }) {
  const line = { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' } as const;
  return (
    <Box role="separator" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.primary', '&::before': line, '&::after': line }}>
      {children}
    </Box>
  );
}
