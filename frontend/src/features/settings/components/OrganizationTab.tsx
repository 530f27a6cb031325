import { zodResolver } from '@hookform/resolvers/zod';
import {
  canManageTeam,
  ORGANIZATION_DESCRIPTION_MAX_LENGTH,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  ORGANIZATION_WEBSITE_MAX_LENGTH,
  ROLE_LABELS,
  type OrganizationResponse,
} from '@brandloom/contracts';
import BusinessIcon from '@mui/icons-material/Business';
import { Alert, Avatar, Box, Button, List, ListItem, ListItemAvatar, ListItemText, Skeleton, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization, useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useUpdateOrganization, useUploadLogo } from '../api/account';
import { ImageUploadButton } from './ImageUploadButton';
import { SettingsCard } from './SettingsCard';

const organizationSchema = z.object({
  name: z.string().trim().min(ORGANIZATION_NAME_MIN_LENGTH, ORGANIZATION_MESSAGES.nameLength).max(ORGANIZATION_NAME_MAX_LENGTH, ORGANIZATION_MESSAGES.nameLength),
  website: z
    .string()
    .trim()
    .max(ORGANIZATION_WEBSITE_MAX_LENGTH, ORGANIZATION_MESSAGES.websiteTooLong)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), ORGANIZATION_MESSAGES.invalidWebsite),
  description: z.string().max(ORGANIZATION_DESCRIPTION_MAX_LENGTH, ORGANIZATION_MESSAGES.descriptionTooLong),
});
type OrganizationValues = z.infer<typeof organizationSchema>;

/** The caller's role in the organization, from the members list. */
export function useMyRole(data: OrganizationResponse | null | undefined) {
  const { data: user } = useUser();
  return data?.members.find((member) => member.id === user?.id)?.role ?? null;
}

function OrganizationForm({ data, canEdit }: { data: OrganizationResponse; canEdit: boolean }) {
  const update = useUpdateOrganization();
  const upload = useUploadLogo();
  const { organization } = data;
  const { control, handleSubmit, reset } = useForm<OrganizationValues>({
    resolver: zodResolver(organizationSchema),
    defaultValues: { name: organization.name, website: organization.website ?? '', description: organization.description ?? '' },
  });
  const onSubmit = (values: OrganizationValues) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ name: saved.name, website: saved.website ?? '', description: saved.description ?? '' });
        toast({ title: 'Organization updated' });
      },
    });
  const uploadLogo = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Logo updated' }),
      onError: (error) => toast({ title: 'Logo upload failed', description: getErrorMessage(error, 'Please try another image.'), variant: 'destructive' }),
    });

  return (
    <SettingsCard title="Organization" description={canEdit ? 'Your organization as your team and mails show it.' : 'Only owners and admins can edit the organization.'}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={organization.logo_url ?? undefined} alt={`${organization.name} logo`} variant="rounded" sx={{ width: 64, height: 64 }} data-testid="organization-logo">
          <BusinessIcon />
        </Avatar>
        {canEdit && <ImageUploadButton label="Upload logo" onFile={uploadLogo} loading={upload.isPending} />}
      </Stack>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Organization details">
        {update.isError && <Alert severity="error">{getErrorMessage(update.error, 'Could not save the organization. Please try again.')}</Alert>}
        <FormTextField control={control} name="name" label="Organization name" fullWidth slotProps={{ input: { readOnly: !canEdit } }} />
        <FormTextField control={control} name="website" label="Website" type="url" placeholder="https://example.com" fullWidth slotProps={{ input: { readOnly: !canEdit } }} />
        <FormTextField control={control} name="description" label="Description" multiline minRows={3} fullWidth slotProps={{ input: { readOnly: !canEdit } }} />
        {canEdit && (
          <Box>
            <Button type="submit" variant="contained" loading={update.isPending}>
              Save organization
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
  if (isError) return <Alert severity="error">{getErrorMessage(error, 'Could not load your organization. Please try again.')}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={320} data-testid="organization-loading" />;
  return (
    <Stack spacing={3}>
      <OrganizationForm key={data.organization.id} data={data} canEdit={canManageTeam(role)} />
      <SettingsCard title="Members" description="Manage members in the Team tab.">
        <List disablePadding aria-label="Organization members">
          {data.members.map((member) => (
            <ListItem key={member.id} disableGutters>
              <ListItemAvatar>
                <Avatar src={member.avatar_url ?? undefined} alt="">
                  {member.username.charAt(0).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={member.username} secondary={`${member.email} · ${ROLE_LABELS[member.role]}`} />
            </ListItem>
          ))}
        </List>
      </SettingsCard>
    </Stack>
  );
}
