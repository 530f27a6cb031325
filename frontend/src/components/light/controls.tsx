import { Box, keyframes, type SxProps, type Theme } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';

// Light controls for the pre-rendered public pages (landing, sign-in, sign-up; TextField, TextLink,
// TextDivider and Alert beside this file). MUI's Button, Chip, Tabs, IconButton, Link and TextField
// bring the ripple, transition and input machinery (tens of kB) to pages whose budget is 120 kB of
// JavaScript; these keep the theme's look with plain elements and sx.

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
  contained: {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '&:hover': { bgcolor: 'primary.dark' },
    '&:disabled': { bgcolor: 'action.disabledBackground', color: 'action.disabled', cursor: 'default' },
  },
  outlined: {
    color: 'primary.main',
    borderColor: 'primary.main',
    bgcolor: 'transparent',
    // The primary colour at 6 %, in the light and the dark palette alike.
    '&:hover': { bgcolor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.06)' },
    '&:disabled': { color: 'action.disabled', borderColor: 'action.disabledBackground', bgcolor: 'transparent', cursor: 'default' },
  },
  text: { color: 'text.primary', bgcolor: 'transparent', '&:hover': { bgcolor: 'rgba(15,23,42,0.06)' } },
};

interface ButtonLook {
  variant?: Variant;
  size?: 'large';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

const buttonSx = ({ variant, size, fullWidth, sx }: ButtonLook): SxProps<Theme> => [
  base,
  !!variant && variants[variant],
  size === 'large' && { minHeight: 48, px: 3, fontSize: 17 },
  !!fullWidth && { width: '100%' },
  ...(Array.isArray(sx) ? sx : [sx]),
];

/** A link that looks like the theme's button. */
export function LinkButton({
  href,
  variant = 'text',
  size,
  fullWidth,
  sx,
  children,
  ...rest
}: { href: string; children: ReactNode } & ButtonLook & Omit<ComponentProps<'a'>, 'href' | 'children'>) {
  return (
    <Box component="a" href={href} sx={buttonSx({ variant, size, fullWidth, sx })} {...rest}>
      {children}
    </Box>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * A plain button in the same look (icon buttons, filter chips, tabs build on it without a variant).
 * `loading` disables it and shows a spinner over its label, which stays its accessible name.
 */
export function PlainButton({
  variant,
  size,
  fullWidth,
  loading,
  disabled,
  sx,
  children,
  ...rest
}: { loading?: boolean; children: ReactNode } & ButtonLook & Omit<ComponentProps<'button'>, 'children'>) {
  return (
    <Box
      component="button"
      type="button"
      disabled={disabled || loading}
      sx={[...(buttonSx({ variant, size, fullWidth, sx }) as []), !!loading && { position: 'relative', '&:disabled': { color: 'transparent' } }]}
      {...rest}
    >
      {children}
      {loading && (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            width: 20,
            height: 20,
            borderRadius: '50%',
            border: '2px solid',
            borderColor: 'action.disabled',
            borderTopColor: 'transparent',
            animation: `${spin} 0.8s linear infinite`,
          }}
        />
      )}
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
