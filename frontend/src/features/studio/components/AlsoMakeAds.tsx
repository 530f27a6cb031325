import { AD_COPY_LIMITS, AD_CTA_TYPES, AD_FORMATS, type AdFormatId, type AdLayoutsResponseDto } from '@brandloom/contracts';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { getQueryFn } from '../../../lib/api';
import { hasMessage, useT, type MessageKey } from '../../../lib/i18n/translate';
import type { GenerationFormInput, GenerationFormValues } from './generationSchema';

const ALL_PLACEMENTS: AdFormatId[] = AD_FORMATS.map((format) => format.id);

/** GET /api/ads/layouts lists each layout once per placement: the form offers each layout once. */
function useAdLayouts(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/ads/layouts'],
    queryFn: getQueryFn<AdLayoutsResponseDto>({ on401: 'throw' }),
    enabled,
    select: (data) => [...new Map(data.layouts.map((layout) => [layout.id, layout.name])).entries()].map(([id, name]) => ({ id, name })),
  });
}

interface AlsoMakeAdsProps {
  control: Control<GenerationFormInput, unknown, GenerationFormValues>;
  disabled?: boolean;
}

/** 'Also make ads': every stored picture of the generation is also set as these ads, free. */
export function AlsoMakeAds({ control, disabled }: AlsoMakeAdsProps) {
  const t = useT();
  const placementsLabel = useId();
  const on = useWatch({ control, name: 'ads.on' });
  const layouts = useAdLayouts(on);
  const message = (text: string | undefined) => (text && hasMessage(text) ? t(text as MessageKey, AD_COPY_LIMITS) : text);

  return (
    <Box>
      <Controller
        control={control}
        name="ads.on"
        render={({ field: { value, onChange } }) => (
          <FormControlLabel control={<Switch checked={value} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />} label={t('studio.ads.toggle')} />
        )}
      />
      {on && (
        <Stack spacing={2} sx={{ pl: { xs: 0, sm: 4 }, mt: 1, minWidth: 0 }} data-testid="ads-fields">
          <FormHelperText sx={{ mt: 0 }}>{t('studio.ads.hint')}</FormHelperText>
          <Controller
            control={control}
            name="ads.placements"
            render={({ field: { value, onChange }, fieldState: { error } }) => (
              <FormControl error={!!error} component="fieldset">
                <FormLabel id={placementsLabel} component="legend">
                  {t('studio.ads.placements')}
                </FormLabel>
                <FormGroup row aria-labelledby={placementsLabel}>
                  {AD_FORMATS.map((format) => (
                    <FormControlLabel
                      key={format.id}
                      control={
                        <Checkbox
                          size="small"
                          name={format.id}
                          checked={value.includes(format.id)}
                          onChange={() => onChange(ALL_PLACEMENTS.filter((id) => (id === format.id ? !value.includes(id) : value.includes(id))))}
                          disabled={disabled}
                        />
                      }
                      label={format.id}
                    />
                  ))}
                </FormGroup>
                {error && <FormHelperText>{message(error.message)}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="ads.layout"
            render={({ field: { ref, ...field }, fieldState: { error } }) => (
              <TextField {...field} inputRef={ref} select label={t('studio.ads.layout')} fullWidth disabled={disabled} error={!!error} helperText={message(error?.message)}>
                {(layouts.data ?? []).map((layout) => (
                  <MenuItem key={layout.id} value={layout.id} sx={{ whiteSpace: 'normal' }}>
                    {hasMessage(`studio.ads.layout.${layout.id}`) ? t(`studio.ads.layout.${layout.id}` as MessageKey) : layout.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="ads.headline"
            render={({ field: { ref, ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t('studio.ads.headline')}
                fullWidth
                disabled={disabled}
                error={!!error}
                helperText={message(error?.message) ?? t('studio.ads.characters', { count: field.value.length, max: AD_COPY_LIMITS.headline })}
              />
            )}
          />
          <Controller
            control={control}
            name="ads.body"
            render={({ field: { ref, ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t('studio.ads.body')}
                fullWidth
                multiline
                minRows={2}
                disabled={disabled}
                error={!!error}
                helperText={message(error?.message) ?? t('studio.ads.characters', { count: field.value.length, max: AD_COPY_LIMITS.body })}
              />
            )}
          />
          <Controller
            control={control}
            name="ads.cta"
            render={({ field: { ref, ...field } }) => (
              <TextField
                {...field}
                inputRef={ref}
                select
                label={t('studio.ads.cta')}
                fullWidth
                disabled={disabled}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('studio.ads.noCta')}</MenuItem>
                {AD_CTA_TYPES.map((cta) => (
                  <MenuItem key={cta} value={cta}>
                    {t(`studio.ads.cta.${cta}` as MessageKey)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      )}
    </Box>
  );
}
