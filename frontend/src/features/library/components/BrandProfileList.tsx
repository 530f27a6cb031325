import { Card, CardContent, CardHeader, Link, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useBrandProfileList } from '../../../lib/brandProfiles';
import { useT } from '../../../lib/i18n/translate';

/** The organization's brand profiles, each linking to its details. */
export function BrandProfileList() {
  const t = useT();
  const { data: profiles, isPending } = useBrandProfileList();
  return (
    <Card variant="outlined" component="section" aria-label={t('library.brandProfiles')}>
      <CardHeader
        title={t('library.brandProfiles')}
        slotProps={{ title: { component: 'h3', variant: 'subtitle1' } }}
        action={
          <Link component={RouterLink} to="/brand-brain" variant="body2" sx={{ display: 'inline-block', mt: 1, mr: 1 }}>
            {t('library.manage')}
          </Link>
        }
        sx={{ pb: 0 }}
      />
      {isPending ? (
        <CardContent>
          <Skeleton variant="text" />
          <Skeleton variant="text" width="60%" />
        </CardContent>
      ) : profiles && profiles.length > 0 ? (
        <List dense>
          {profiles.map((profile) => (
            <ListItem key={profile.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/brand-profile-details/${encodeURIComponent(profile.id)}`}>
                <ListItemText
                  primary={profile.name}
                  secondary={profile.asset_count === null ? undefined : `${profile.asset_count} ${profile.asset_count === 1 ? 'asset' : 'assets'}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : (
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {t('library.noBrandProfiles')}
          </Typography>
          <Link component={RouterLink} to="/brand-brain/new" variant="body2">
            {t('library.createBrandProfile')}
          </Link>
        </CardContent>
      )}
    </Card>
  );
}
