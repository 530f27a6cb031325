import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface CheckboxFieldsetProps<T extends string> {
  /** The group's name, read out as the fieldset's legend. */
  legend: ReactNode;
  /** The choices, in order: each shown as code (it is what the API takes) with its description. */
  options: readonly T[];
  descriptions: Record<T, ReactNode>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** Shown under the choices, the legend turning red, when set. */
  error?: string;
}

/** A fieldset of checkboxes for machine names (API key scopes, webhook events), each with what it means. */
export function CheckboxFieldset<T extends string>({ legend, options, descriptions, value, onChange, error }: CheckboxFieldsetProps<T>) {
  const toggle = (option: T) => onChange(value.includes(option) ? value.filter((chosen) => chosen !== option) : [...value, option]);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" error={!!error}>
        {legend}
      </FormLabel>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            control={<Checkbox checked={value.includes(option)} onChange={() => toggle(option)} />}
            label={
              <span>
                <Box component="code" sx={{ fontSize: 13, fontWeight: 600 }}>
                  {option}
                </Box>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {descriptions[option]}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
