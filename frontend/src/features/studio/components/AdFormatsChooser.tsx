import { AD_FORMATS, type AdFormatId } from '@brandloom/contracts';
import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useId } from 'react';

interface AdFormatsChooserProps {
  value: AdFormatId[];
  onChange: (formats: AdFormatId[]) => void;
  disabled?: boolean;
}

/** The formats chosen when the box is ticked (every placement). */
const ALL: AdFormatId[] = AD_FORMATS.map((format) => format.id);

/** 'Also make ad formats': every image also gets the chosen placements' shapes, free (smart crop, else extend). */
export function AdFormatsChooser({ value, onChange, disabled }: AdFormatsChooserProps) {
  const groupId = useId();
  const on = value.length > 0;
  const toggle = (id: AdFormatId) => {
    const next = ALL.filter((format) => (format === id ? !value.includes(id) : value.includes(format)));
    onChange(next);
  };
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={on} onChange={(event) => onChange(event.target.checked ? ALL : [])} disabled={disabled} />}
        label="Also make ad formats"
      />
      {on && (
        <Box sx={{ pl: 4 }}>
          <Typography id={groupId} variant="caption" color="text.secondary" component="p">
            Free: each image is also cropped or extended to these shapes and saved beside it.
          </Typography>
          <FormGroup row aria-labelledby={groupId}>
            {AD_FORMATS.map((format) => (
              <FormControlLabel
                key={format.id}
                control={<Checkbox size="small" checked={value.includes(format.id)} onChange={() => toggle(format.id)} disabled={disabled} />}
                label={`${format.name} ${format.id}`}
              />
            ))}
          </FormGroup>
        </Box>
      )}
    </Box>
  );
}
