import type { BrandProfileDto } from '@brandloom/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Avatar, Box, Button, Chip, Link, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { brandColorStyle, brandInitials } from '../format';
import { DashboardSection, SectionError } from './DashboardSection';
import { useT } from '../../../lib/i18n/translate';


const MAX_TAGS = 3;

function personalityTags(profile: BrandProfileDto): string[] {
  const tags = profile.brand_data?.brandPersonality;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '').slice(0, MAX_TAGS) : [];
}

export function BrandProfilesSection({ profiles, isLoading, isError }: { profiles: BrandProfileDto[] | undefined; isLoading: boolean; isError: boolean }) {
  const t = useT();
  const actions = (
    <>
      <Link component={RouterLink} to="/brand-brain" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('dashboard.viewAll')}
      </Link>
      <Button component={RouterLink} to="/brand-brain/new" size="small" variant="outlined" startIcon={<AddIcon />}>
        {t('dashboard.new')}
      </Button>
    </>
  );
  let body;
  if (isLoading) {
    body = (
      <Stack spacing={1.5} data-testid="brand-profiles-loading">
        {[0, 1, 2].map((i) => (
          <Stack key={i} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Skeleton variant="circular" width={40} height={40} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="40%" />
            </Box>
          </Stack>
        ))}
      </Stack>
    );
  } else if (isError || !profiles) {
    body = <SectionError>{t('dashboard.error.brandProfiles')}</SectionError>;
  } else if (!profiles.length) {
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('dashboard.noBrandProfiles')}</Typography>
        <Link component={RouterLink} to="/brand-brain/new" variant="body2">
          {t('dashboard.firstBrandProfile')}
        </Link>
      </Stack>
    );
  } else {
    body = (
      <List disablePadding data-testid="brand-profile-list">
        {profiles.map((profile, index) => {
          const tags = personalityTags(profile);
          return (
            <ListItem key={profile.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/brand-brain/${profile.id}`} sx={{ borderRadius: 2 }}>
                <ListItemAvatar>
                  <Avatar sx={brandColorStyle(index)} data-testid="brand-initials" aria-hidden>
                    {brandInitials(profile.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={profile.name}
                  slotProps={{ secondary: { component: 'div' } }}
                  secondary={
                    tags.length ? (
                      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }} component="span">
                        {tags.map((tag) => (
                          <Chip key={tag} label={tag} size="small" variant="outlined" component="span" />
                        ))}
                      </Stack>
                    ) : null
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  }
  return (
    <DashboardSection title={t('dashboard.stats.brandProfiles')} action={actions} testId="brand-profiles">
      {body}
    </DashboardSection>
  );
}
