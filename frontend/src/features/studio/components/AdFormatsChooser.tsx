import { AD_FORMATS, type AdFormatId } from '@brandloom/contracts';
import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useId } from 'react';
import { hasMessage, useT, type MessageKey } from '../../../lib/i18n/translate';

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
  const t = useT();
  const formatName = (name: string) => (hasMessage(`studio.adFormats.name.${name}`) ? t(`studio.adFormats.name.${name}` as MessageKey) : name);
  const on = value.length > 0;
  const toggle = (id: AdFormatId) => {
    const next = ALL.filter((format) => (format === id ? !value.includes(id) : value.includes(format)));
    onChange(next);
  };
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={on} onChange={(event) => onChange(event.target.checked ? ALL : [])} disabled={disabled} />}
        label={t('studio.adFormats.toggle')}
      />
      {on && (
        <Box sx={{ pl: 4 }}>
          <Typography id={groupId} variant="caption" color="text.secondary" component="p">
            {t('studio.adFormats.hint')}
          </Typography>
          <FormGroup row aria-labelledby={groupId}>
            {AD_FORMATS.map((format) => (
              <FormControlLabel
                key={format.id}
                control={<Checkbox size="small" checked={value.includes(format.id)} onChange={() => toggle(format.id)} disabled={disabled} />}
                label={`${formatName(format.name)} ${format.id}`}
              />
            ))}
          </FormGroup>
        </Box>
      )}
    </Box>
  );
}
