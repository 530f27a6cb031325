import { Button, Chip, FormHelperText, Stack, TextField } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { BRAND_PERSONALITY_MAX_TAGS, BRAND_PERSONALITY_TAG_MAX_LENGTH } from '../constants';
import { useT } from '../../../lib/i18n/translate';

interface PersonalityTagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Personality tags: type a word (or several, comma separated) and press Enter or Add; chips remove. */
export function PersonalityTagsField({ value, onChange, error, disabled }: PersonalityTagsFieldProps) {
  const t = useT();
  const [input, setInput] = useState('');
  const full = value.length >= BRAND_PERSONALITY_MAX_TAGS;

  const add = () => {
    const next = [...value];
    for (const raw of input.split(',')) {
      const tag = raw.trim().slice(0, BRAND_PERSONALITY_TAG_MAX_LENGTH);
      if (tag && !next.some((t) => t.toLowerCase() === tag.toLowerCase()) && next.length < BRAND_PERSONALITY_MAX_TAGS) next.push(tag);
    }
    onChange(next);
    setInput('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('brandBrain.card.personality')}
          placeholder={t('brandBrain.form.personalityPlaceholder')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled || full}
          fullWidth
          size="small"
        />
        <Button variant="outlined" onClick={add} disabled={disabled || full || !input.trim()}>
          {t('brandBrain.form.addTag')}
        </Button>
      </Stack>
      {value.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} data-testid="personality-tags">
          {value.map((tag) => (
            <Chip
              key={tag}
              label={tag}
              size="small"
              disabled={disabled}
              onDelete={() => onChange(value.filter((t) => t !== tag))}
            />
          ))}
        </Stack>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
