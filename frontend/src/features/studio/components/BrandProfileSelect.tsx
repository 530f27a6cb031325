import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { BrandProfileOption } from '../api/useBrandProfiles';

type BrandProfileSelectProps = Omit<TextFieldProps, 'select' | 'children' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  profiles: BrandProfileOption[];
  noneLabel: string;
};

/** A select of the organization's brand profiles with a "None" entry (value ''). */
export function BrandProfileSelect({ value, onChange, profiles, noneLabel, ...props }: BrandProfileSelectProps) {
  // A preselected id (?brandId=) shows once the list holds it; until then the select reads "None".
  const shown = profiles.some((profile) => profile.id === value) ? value : '';
  return (
    <TextField
      {...props}
      select
      value={shown}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ ...props.slotProps, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{noneLabel}</MenuItem>
      {profiles.map((profile) => (
        <MenuItem key={profile.id} value={profile.id}>
          {profile.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
