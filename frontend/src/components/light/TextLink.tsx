import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageHost } from '../../lib/pageHost';

/** A link in the text, as MUI's Link draws it, leading through the page's host (the router in the SPA). */
export function TextLink({ href, sx, children }: { href: string; sx?: SxProps<Theme>; children: ReactNode }) {
  const { Link } = usePageHost();
  return (
    <Box
      component={Link}
      href={href}
      sx={[
        {
          color: 'primary.main',
          textDecoration: 'underline',
          textDecorationColor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.4)',
          '&:hover': { textDecorationColor: 'inherit' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2, borderRadius: 0.5 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
