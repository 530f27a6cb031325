import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Box,
  Button,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { getErrorMessage } from '../../lib/api';
import { useLogout, useOrganization, useUser } from '../../lib/auth';
import { useT } from '../../lib/i18n/translate';
import { toast } from '../../lib/toast';
import { findSection, sections } from './sections';

interface SidebarProps {
  variant: 'desktop' | 'mobile';
  /** Called after a menu entry is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function Sidebar({ variant, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const { data: organization } = useOrganization();
  const logout = useLogout();
  const t = useT();

  const current = findSection(pathname);
  const entries = sections.filter(({ menu }) => {
    if (menu === 'all') return true;
    if (variant === 'mobile') return false;
    return menu === 'desktop' || !!user?.is_admin;
  });
  const username = user?.username || t('shell.user');
  const organizationName = organization?.organization.name || t('shell.organization');
  // An organization named after its user would repeat the name: the email tells more then.
  const sameAsUser = organizationName.trim().toLowerCase() === username.trim().toLowerCase();
  const secondLine = sameAsUser && user?.email ? user.email : organizationName;

  const signOut = () =>
    logout.mutate(undefined, {
      onError: (error) =>
        toast({
          title: t('shell.signOutFailed'),
          description: getErrorMessage(error, t('common.pleaseTryAgain')),
          variant: 'destructive',
        }),
    });

  return (
    <Stack sx={{ height: '100%' }}>
      <Box sx={{ px: 3, py: 2.5 }}>
        <Typography
          component={RouterLink}
          to="/dashboard"
          onClick={onNavigate}
          variant="h6"
          sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none' }}
        >
          Brandloom
        </Typography>
      </Box>
      <Box component="nav" aria-label={t('nav.main')} sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <List sx={{ px: 1.5 }}>
          {entries.map(({ label, to, icon: Icon }) => (
            <ListItem key={to} disablePadding>
              <ListItemButton component={RouterLink} to={to} onClick={onNavigate} selected={current?.to === to} sx={{ borderRadius: 2, mb: 0.5 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(label)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar src={user?.avatar_url ?? undefined} alt={username}>
            {username.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap data-testid="sidebar-username">
              {username}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {secondLine}
            </Typography>
          </Box>
        </Stack>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={signOut}
          loading={logout.isPending}
          fullWidth
        >
          {variant === 'desktop' ? t('shell.logOut') : t('shell.signOut')}
        </Button>
      </Stack>
    </Stack>
  );
}
