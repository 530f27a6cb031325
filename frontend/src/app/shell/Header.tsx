import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BoltIcon from '@mui/icons-material/Bolt';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import { Tooltip } from '../../components/Tooltip';
import { Link as RouterLink, useLocation } from 'react-router';
import { useOrganization } from '../../lib/auth';
import { useCreditBalance } from '../../lib/creditBalance';
import { findSection } from './sections';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { pathname } = useLocation();
  const balance = useCreditBalance();
  const { data: organization, isError: organizationFailed } = useOrganization();
  // '...' only while the balance is on its way; a failed call or a user without an organization says so.
  const unavailable = balance.isError || organizationFailed || (organization !== undefined && !organization?.organization?.id);
  const section = findSection(pathname);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 2 }}>
        <IconButton edge="start" aria-label="Open menu" onClick={onOpenMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" noWrap>
            {section?.title ?? 'Brandloom'}
          </Typography>
          {section && (
            <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
              {section.subtitle}
            </Typography>
          )}
        </Box>
        {unavailable ? (
          <Tooltip title="The credit balance could not be loaded. Reload the page to try again.">
            <Chip icon={<ErrorOutlineIcon />} label="Credits unavailable" color="warning" variant="outlined" data-testid="credit-balance" tabIndex={0} />
          </Tooltip>
        ) : (
          <Chip icon={<BoltIcon />} label={balance.data ? `${balance.data.credits} Credits` : '...'} variant="outlined" data-testid="credit-balance" />
        )}
        <Button component={RouterLink} to="/studio" variant="contained" startIcon={<AutoAwesomeIcon />}>
          Generate
        </Button>
      </Toolbar>
    </AppBar>
  );
}
