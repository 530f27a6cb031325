import { Box, InputAdornment, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { COLOR_LABELS, isHexColor, type ColorRole } from '../brandData';
import type { BrandProfileFormValues } from '../profileForm';

/** A '#RRGGBB' text field with a native colour picker beside it. */
export function ColorField({ control, role, disabled }: { control: Control<BrandProfileFormValues>; role: ColorRole; disabled?: boolean }) {
  const label = `${COLOR_LABELS[role]} color`;
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
          placeholder={role === 'accent' ? '#RRGGBB (optional)' : '#RRGGBB'}
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
                    aria-label={`${COLOR_LABELS[role]} color picker`}
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
