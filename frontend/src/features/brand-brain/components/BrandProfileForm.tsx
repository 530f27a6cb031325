import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, DialogActions, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { useT } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../api/errors';
import { useCreateBrandProfile } from '../api/mutations';
import { brandDataFromForm, COLOR_ROLES, emptyFormValues } from '../brandData';
import { BRAND_MESSAGES } from '../constants';
import type { BrandProfileDto } from '@brandloom/contracts';
import type { BrandProfileDraft, BrandProfileFormValues } from '../profileForm';
import { brandProfileSchema } from './brandProfileSchema';
import { ColorField } from './ColorField';
import { PersonalityTagsField } from './PersonalityTagsField';

interface BrandProfileFormProps {
  /** Prefill (after an extraction whose profile was not created); else the defaults. */
  draft?: BrandProfileDraft | null;
  onCreated: (profile: BrandProfileDto) => void;
  onCancel: () => void;
  /** The plan's profile allowance is used up (the dialog says so above its tabs): Create is not offered. */
  blocked?: boolean;
}

/** The manual tab of the create dialog: POST /api/brand-profiles with the product's validation. */
export function BrandProfileForm({ draft, onCreated, onCancel, blocked = false }: BrandProfileFormProps) {
  const create = useCreateBrandProfile();
  const t = useT();
  const [requestError, setRequestError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<BrandProfileFormValues>({
    resolver: zodResolver(brandProfileSchema()),
    defaultValues: draft?.values ?? emptyFormValues(),
  });
  const busy = create.isPending;

  const submit = handleSubmit((values) => {
    setRequestError(null);
    const description = values.description.trim();
    create.mutate(
      {
        name: values.name.trim(),
        ...(description ? { description } : {}),
        brand_data: brandDataFromForm(values, draft),
        ...(draft?.brandDataId ? { brandDataId: draft.brandDataId } : {}),
      },
      {
        onSuccess: (profile) => {
          toast({ title: BRAND_MESSAGES.profileCreated, description: profile?.name ?? values.name.trim() });
          onCreated(profile);
        },
        onError: (error) => {
          const message = errorMessage(error, BRAND_MESSAGES.createFailed);
          setRequestError(message);
          toast({ title: BRAND_MESSAGES.createFailed, description: message, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('brandBrain.form.label')}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {draft?.brandDataId && (
          <Alert severity="info" data-testid="brand-prefill-notice">
            {t('brandBrain.form.draftNote')}
            {draft.reason && draft.reason !== BRAND_MESSAGES.autoCreateFailed ? ` ${draft.reason}` : ''}
          </Alert>
        )}
        {requestError && (
          <Alert severity="error" role="alert">
            {requestError}
          </Alert>
        )}
        <FormTextField control={control} name="name" label={t('brandBrain.form.name')} placeholder={t('brandBrain.form.namePlaceholder')} required fullWidth disabled={busy} />
        <FormTextField
          control={control}
          name="description"
          label={t('brandBrain.form.description')}
          placeholder={t('brandBrain.form.descriptionPlaceholder')}
          multiline
          minRows={2}
          fullWidth
          disabled={busy}
        />

        <Typography variant="subtitle2" component="h3">
          {t('brandBrain.colors')}
        </Typography>
        <Grid container spacing={2}>
          {COLOR_ROLES.map((role) => (
            <Grid key={role} size={{ xs: 12, sm: 4 }}>
              <ColorField control={control} role={role} disabled={busy} />
            </Grid>
          ))}
        </Grid>

        <Typography variant="subtitle2" component="h3">
          {t('brandBrain.details.typography')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="fontFamily" label={t('brandBrain.form.fontFamily')} placeholder={t('brandBrain.form.fontFamilyPlaceholder')} fullWidth disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="headingStyle" label={t('brandBrain.form.headingStyle')} placeholder={t('brandBrain.form.headingStylePlaceholder')} fullWidth disabled={busy} />
          </Grid>
        </Grid>

        <Typography variant="subtitle2" component="h3">
          {t('brandBrain.form.visualStyle')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="imageStyle" label={t('brandBrain.form.imageStyle')} placeholder={t('brandBrain.form.imageStylePlaceholder')} fullWidth disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="tone" label={t('brandBrain.details.tone')} placeholder={t('brandBrain.form.tonePlaceholder')} fullWidth disabled={busy} />
          </Grid>
        </Grid>

        <Controller
          control={control}
          name="brandPersonality"
          render={({ field, fieldState }) => (
            <PersonalityTagsField value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={busy} />
          )}
        />
      </Stack>
      <DialogActions sx={{ px: 0, pt: 3 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || blocked}>
          {busy ? t('brandBrain.form.creating') : t('brandBrain.form.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
