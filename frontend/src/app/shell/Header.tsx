import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BoltIcon from '@mui/icons-material/Bolt';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import { Tooltip } from '../../components/Tooltip';
import { visuallyHidden } from '../../components/visuallyHidden';
import { Link as RouterLink, useLocation } from 'react-router';
import { useOrganization } from '../../lib/auth';
import { useCreditBalance } from '../../lib/creditBalance';
import { useT } from '../../lib/i18n/translate';
import { findSection } from './sections';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { pathname } = useLocation();
  const balance = useCreditBalance();
  const { data: organization, isError: organizationFailed } = useOrganization();
  // '...' only while the balance is on its way; a failed call or a user without an organization says so.
  const unavailable = balance.isError || organizationFailed || (organization !== undefined && !organization?.organization?.id);
  const section = findSection(pathname);
  const t = useT();

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" aria-label={t('nav.openMenu')} onClick={onOpenMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {/* The page's own heading titles it on screen (shown once); this h1 names it for screen readers and the outline. */}
          <Typography variant="h6" component="h1" sx={visuallyHidden}>
            {section ? t(section.title) : 'Brandloom'}
          </Typography>
        </Box>
        {unavailable ? (
          <Tooltip title={t('shell.creditsUnavailableHint')}>
            <Chip icon={<ErrorOutlineIcon />} label={t('shell.creditsUnavailable')} color="warning" variant="outlined" data-testid="credit-balance" tabIndex={0} sx={{ minWidth: 0 }} />
          </Tooltip>
        ) : (
          <Chip
            icon={<BoltIcon />}
            // A phone shows the number beside the bolt; the word stays for screen readers.
            label={
              balance.data ? (
                <>
                  {balance.data.credits}
                  <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}> {t('shell.creditsWord')}</Box>
                </>
              ) : (
                '...'
              )
            }
            variant="outlined"
            data-testid="credit-balance"
            sx={{ minWidth: 0 }}
          />
        )}
        {/* The credit chip gives way (its label ellipsized) before Generate ever leaves a narrow window. */}
        <Button
          component={RouterLink}
          to="/studio"
          variant="contained"
          startIcon={<AutoAwesomeIcon />}
          sx={{ flexShrink: 0, minWidth: 0, px: { xs: 1.25, sm: 2 }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } }}
        >
          <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
            {t('shell.generate')}
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
