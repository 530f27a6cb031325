import { Card, CardContent, CardHeader, Link, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useBrandProfileList } from '../../../lib/brandProfiles';

/** The organization's brand profiles, each linking to its details. */
export function BrandProfileList() {
  const { data: profiles, isPending } = useBrandProfileList();
  return (
    <Card variant="outlined" component="section" aria-label="Brand Profiles">
      <CardHeader
        title="Brand Profiles"
        slotProps={{ title: { component: 'h3', variant: 'subtitle1' } }}
        action={
          <Link component={RouterLink} to="/brand-brain" variant="body2" sx={{ display: 'inline-block', mt: 1, mr: 1 }}>
            Manage
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
            No brand profiles yet
          </Typography>
          <Link component={RouterLink} to="/brand-brain/new" variant="body2">
            Create your first brand profile
          </Link>
        </CardContent>
      )}
    </Card>
  );
}
