import { AD_FORMATS, type AdFormat, type AdFormatId } from '@brandloom/contracts';
import { Checkbox, FormControlLabel, FormGroup } from '@mui/material';

interface AdFormatCheckboxesProps {
  value: readonly AdFormatId[];
  /** The chosen formats, always in AD_FORMATS order whatever order they were ticked in. */
  onChange: (value: AdFormatId[]) => void;
  label: (format: AdFormat) => string;
  /** The id of the group's legend, when the group is named by it. */
  labelledBy?: string;
}

/** A checkbox per ad format (the resize dialog's formats, the composer's placements). */
export function AdFormatCheckboxes({ value, onChange, label, labelledBy }: AdFormatCheckboxesProps) {
  const toggle = (id: AdFormatId) => onChange(value.includes(id) ? value.filter((chosen) => chosen !== id) : AD_FORMATS.map((format) => format.id).filter((format) => format === id || value.includes(format)));
  return (
    <FormGroup aria-labelledby={labelledBy}>
      {AD_FORMATS.map((format) => (
        <FormControlLabel key={format.id} control={<Checkbox checked={value.includes(format.id)} onChange={() => toggle(format.id)} />} label={label(format)} />
      ))}
    </FormGroup>
  );
}
