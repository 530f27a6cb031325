import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BoltIcon from '@mui/icons-material/Bolt';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCreditBalance } from '../../features/billing/api/useCreditBalance';
import { findSection } from './sections';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { pathname } = useLocation();
  const { data: balance } = useCreditBalance();
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
        <Chip
          icon={<BoltIcon />}
          label={balance ? `${balance.credits} Credits` : '...'}
          variant="outlined"
          data-testid="credit-balance"
        />
        <Button component={RouterLink} to="/studio" variant="contained" startIcon={<AutoAwesomeIcon />}>
          Generate
        </Button>
      </Toolbar>
    </AppBar>
  );
}
