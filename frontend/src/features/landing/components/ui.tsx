import { Box, type SxProps, type Theme } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';

// Light controls for the landing page. MUI's Button, Chip, Tabs and IconButton bring the ripple and
// transition machinery (tens of kB) to a page whose budget is 120 kB of JavaScript; these keep the
// theme's look with plain elements and sx.

type Variant = 'contained' | 'outlined' | 'text';

const base = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 1,
  minHeight: 40,
  px: 2,
  borderRadius: 2,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  border: '1px solid transparent',
  transition: 'background-color 150ms, border-color 150ms',
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
} as const;

const variants: Record<Variant, SxProps<Theme>> = {
  contained: { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } },
  outlined: { color: 'primary.main', borderColor: 'primary.main', bgcolor: 'transparent', '&:hover': { bgcolor: 'rgba(79,70,229,0.06)' } },
  text: { color: 'text.primary', bgcolor: 'transparent', '&:hover': { bgcolor: 'rgba(15,23,42,0.06)' } },
};

/** A link that looks like the theme's button. */
export function LinkButton({
  href,
  variant = 'text',
  size,
  fullWidth,
  sx,
  children,
  ...rest
}: { href: string; variant?: Variant; size?: 'large'; fullWidth?: boolean; sx?: SxProps<Theme>; children: ReactNode } & Omit<ComponentProps<'a'>, 'href' | 'children'>) {
  return (
    <Box
      component="a"
      href={href}
      sx={[base, variants[variant], size === 'large' && { minHeight: 48, px: 3, fontSize: 17 }, !!fullWidth && { width: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    >
      {children}
    </Box>
  );
}

/** A plain button in the same look (icon buttons, filter chips, tabs build on it). */
export function PlainButton({ sx, children, ...rest }: { sx?: SxProps<Theme>; children: ReactNode } & Omit<ComponentProps<'button'>, 'children'>) {
  return (
    <Box component="button" type="button" sx={[base, ...(Array.isArray(sx) ? sx : [sx])]} {...rest}>
      {children}
    </Box>
  );
}

/** A small pill label (badges such as 'Most popular'). */
export function Pill({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box component="span" sx={[{ display: 'inline-block', px: 1.25, py: 0.25, borderRadius: 999, fontSize: 13, fontWeight: 700 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}

/** The page's content column (what MUI's Container does, without its component code). */
export function Column({ children, narrow, sx, component = 'div' }: { children: ReactNode; narrow?: boolean; sx?: SxProps<Theme>; component?: 'div' | 'nav' }) {
  return (
    <Box component={component} sx={[{ width: '100%', maxWidth: narrow ? 900 : 1200, mx: 'auto', px: { xs: 2, sm: 3 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}
