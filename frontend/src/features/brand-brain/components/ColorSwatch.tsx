import { Box, type SxProps, type Theme } from '@mui/material';
import { useT } from '../../../lib/i18n/translate';
import { COLOR_LABELS, type ColorRole } from '../brandData';

interface ColorSwatchProps {
  role: ColorRole;
  value: string;
  sx?: SxProps<Theme>;
}

/**
 * One brand colour: data-testid 'brand-color-{role}' with the value in data-color and title, so
 * end-to-end tests and a hovering user can read it.
 */
export function ColorSwatch({ role, value, sx }: ColorSwatchProps) {
  const t = useT();
  return (
    <Box
      data-testid={`brand-color-${role}`}
      data-color={value}
      title={`${COLOR_LABELS[role]}: ${value}`}
      role="img"
      aria-label={t('brandBrain.color.swatch', { role, value })}
      sx={[{ bgcolor: value }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
