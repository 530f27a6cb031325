import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useUser } from '../../../lib/auth';
import { useCreditBalance } from '../../../lib/creditBalance';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';
import { AddCreditsForm } from './AddCreditsForm';

export function CreditBalanceCard({ onBuyCredits }: { onBuyCredits: () => void }) {
  const { data: balance, isError } = useCreditBalance();
  const { data: user } = useUser();
  const t = useT();

  return (
    <Card component="section" aria-labelledby="credit-balance-heading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <AccountBalanceWalletIcon color="primary" fontSize="small" />
          <Typography id="credit-balance-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('billing.balance.title')}
          </Typography>
        </Box>
        <Box>
          {balance ? (
            <Typography variant="h3" component="p" data-testid="billing-balance" sx={{ fontWeight: 700 }}>
              {formatNumber(balance.credits)}
            </Typography>
          ) : isError ? (
            <Typography color="error">{t('billing.balanceUnavailable')}</Typography>
          ) : (
            <Skeleton variant="text" width={96} sx={{ fontSize: '3rem' }} data-testid="billing-balance-loading" />
          )}
          <Typography variant="body2" color="text.secondary">
            {t('billing.balance.available')}
          </Typography>
        </Box>
        <Box sx={{ mt: 'auto' }}>
          <Button variant="contained" onClick={onBuyCredits}>
            {t('billing.balance.buy')}
          </Button>
        </Box>
        {user?.is_admin && <AddCreditsForm />}
      </CardContent>
    </Card>
  );
}
