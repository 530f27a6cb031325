import { Box, InputAdornment, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useT } from '../../../lib/i18n/translate';
import { isHexColor, type ColorRole } from '../brandData';
import type { BrandProfileFormValues } from '../profileForm';

/** A '#RRGGBB' text field with a native colour picker beside it. */
export function ColorField({ control, role, disabled }: { control: Control<BrandProfileFormValues>; role: ColorRole; disabled?: boolean }) {
  const t = useT();
  const label = t('brandBrain.color.field', { role });
  return (
    <Controller
      control={control}
      name={role}
      render={({ field: { ref, value, onChange, onBlur, name }, fieldState: { error } }) => (
        <TextField
          name={name}
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          inputRef={ref}
          placeholder={role === 'accent' ? t('brandBrain.color.optionalPlaceholder') : '#RRGGBB'}
          error={!!error}
          helperText={error?.message ?? ' '}
          disabled={disabled}
          fullWidth
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={t('brandBrain.color.picker', { role })}
                    value={isHexColor(value.trim()) ? value.trim().toLowerCase() : '#000000'}
                    disabled={disabled}
                    onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value.toUpperCase())}
                    sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
