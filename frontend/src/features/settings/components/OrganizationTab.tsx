import { zodResolver } from '@hookform/resolvers/zod';
import {
  canManageTeam,
  ORGANIZATION_DESCRIPTION_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  ORGANIZATION_WEBSITE_MAX_LENGTH,
  type OrganizationResponse,
} from '@brandloom/contracts';
import BusinessIcon from '@mui/icons-material/Business';
import { Alert, Avatar, Box, Button, List, ListItem, ListItemAvatar, ListItemText, Skeleton, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization, useUser } from '../../../lib/auth';
import { translate, useT } from '../../../lib/i18n/translate';
import { toast } from '../../../lib/toast';
import { useUpdateOrganization, useUploadLogo } from '../api/account';
import { ImageUploadButton } from './ImageUploadButton';
import { SettingsCard } from './SettingsCard';
import { ROLE_KEYS } from '../../../lib/roles';

/** The contracts' rules (ORGANIZATION_MESSAGES says the same in en-US), with messages in the active language. */
function organizationSchema() {
  const nameLength = translate('settings.organization.nameLength', { min: ORGANIZATION_NAME_MIN_LENGTH, max: ORGANIZATION_NAME_MAX_LENGTH });
  return z.object({
    name: z.string().trim().min(ORGANIZATION_NAME_MIN_LENGTH, nameLength).max(ORGANIZATION_NAME_MAX_LENGTH, nameLength),
    website: z
      .string()
      .trim()
      .max(ORGANIZATION_WEBSITE_MAX_LENGTH, translate('settings.organization.websiteTooLong', { max: ORGANIZATION_WEBSITE_MAX_LENGTH }))
      .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), translate('settings.organization.invalidWebsite')),
    description: z.string().max(ORGANIZATION_DESCRIPTION_MAX_LENGTH, translate('settings.organization.descriptionTooLong', { max: ORGANIZATION_DESCRIPTION_MAX_LENGTH })),
  });
}
type OrganizationValues = z.infer<ReturnType<typeof organizationSchema>>;


/** The caller's role in the organization, from the members list. */
export function useMyRole(data: OrganizationResponse | null | undefined) {
  const { data: user } = useUser();
  return data?.members.find((member) => member.id === user?.id)?.role ?? null;
}

function OrganizationForm({ data, canEdit }: { data: OrganizationResponse; canEdit: boolean }) {
  const update = useUpdateOrganization();
  const upload = useUploadLogo();
  const t = useT();
  const { organization } = data;
  const { control, handleSubmit, reset } = useForm<OrganizationValues>({
    resolver: zodResolver(organizationSchema()),
    defaultValues: { name: organization.name, website: organization.website ?? '', description: organization.description ?? '' },
  });
  const onSubmit = (values: OrganizationValues) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ name: saved.name, website: saved.website ?? '', description: saved.description ?? '' });
        toast({ title: t('settings.organization.updated') });
      },
    });
  const uploadLogo = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast({ title: t('settings.organization.logoUpdated') }),
      onError: (error) => toast({ title: t('settings.organization.logoFailed'), description: getErrorMessage(error, t('settings.organization.tryAnotherImage')), variant: 'destructive' }),
    });

  return (
    <SettingsCard title={t('settings.tab.organization')} description={canEdit ? t('settings.organization.description') : t('settings.organization.readOnly')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={organization.logo_url ?? undefined} alt={t('settings.organization.logoAlt', { name: organization.name })} variant="rounded" sx={{ width: 64, height: 64 }} data-testid="organization-logo">
          <BusinessIcon />
        </Avatar>
        {canEdit && <ImageUploadButton label={t('settings.organization.uploadLogo')} onFile={uploadLogo} loading={upload.isPending} />}
      </Stack>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.organization.details')}>
        {update.isError && <Alert severity="error">{getErrorMessage(update.error, t('settings.organization.saveError'))}</Alert>}
        <FormTextField control={control} name="name" label={t('settings.organization.name')} fullWidth slotProps={{ input: { readOnly: !canEdit } }} />
        <FormTextField control={control} name="website" label={t('settings.organization.website')} type="url" placeholder="https://example.com" fullWidth slotProps={{ input: { readOnly: !canEdit } }} />
        <FormTextField control={control} name="description" label={t('brandBrain.form.description')} multiline minRows={3} fullWidth slotProps={{ input: { readOnly: !canEdit } }} />
        {canEdit && (
          <Box>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('settings.organization.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </SettingsCard>
  );
}

export function OrganizationTab() {
  const { data, isError, error } = useOrganization();
  const role = useMyRole(data);
  const t = useT();
  if (isError) return <Alert severity="error">{getErrorMessage(error, t('settings.organization.loadError'))}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={320} data-testid="organization-loading" />;
  return (
    <Stack spacing={3}>
      <OrganizationForm key={data.organization.id} data={data} canEdit={canManageTeam(role)} />
      <SettingsCard title={t('settings.organization.members')} description={t('settings.organization.membersHint')}>
        <List disablePadding aria-label={t('settings.organization.membersLabel')}>
          {data.members.map((member) => (
            <ListItem key={member.id} disableGutters>
              <ListItemAvatar>
                <Avatar src={member.avatar_url ?? undefined} alt="">
                  {member.username.charAt(0).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={member.username} secondary={`${member.email} · ${t(ROLE_KEYS[member.role])}`} />
            </ListItem>
          ))}
        </List>
      </SettingsCard>
    </Stack>
  );
}
