import { CREDIT_TRANSACTION_LABELS, CREDITS_MESSAGES, DASHBOARD_TRANSACTIONS, type CreditTransactionDto } from '@brandloom/contracts';
import { Box, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatShortDate, formatTransactionAmount } from '../format';
import { DashboardSection, SectionError } from './DashboardSection';
import { useT } from '../../../lib/i18n/translate';


export function RecentCreditUsage({ transactions, isLoading, isError }: { transactions: CreditTransactionDto[] | undefined; isLoading: boolean; isError: boolean }) {
  const t = useT();
  const history = (
    <Link component={RouterLink} to="/credits" variant="body2">
      {t('dashboard.creditHistory')}
    </Link>
  );
  let body;
  if (isLoading) {
    body = (
      <Stack spacing={1} data-testid="transactions-loading">
        {Array.from({ length: DASHBOARD_TRANSACTIONS }, (_, i) => (
          <Skeleton key={i} variant="text" height={32} />
        ))}
      </Stack>
    );
  } else if (isError || !transactions) {
    body = <SectionError>{t('dashboard.error.transactions')}</SectionError>;
  } else if (!transactions.length) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {CREDITS_MESSAGES.noTransactions}
      </Typography>
    );
  } else {
    body = (
      <List disablePadding data-testid="transaction-list">
        {transactions.slice(0, DASHBOARD_TRANSACTIONS).map((transaction) => (
          <ListItem key={transaction.id} disableGutters divider secondaryAction={null}>
            <ListItemText
              primary={transaction.description || CREDIT_TRANSACTION_LABELS[transaction.type] || transaction.type}
              secondary={formatShortDate(transaction.created_at)}
            />
            <Box
              component="span"
              data-testid="transaction-amount"
              sx={{ fontWeight: 600, color: transaction.amount < 0 ? 'error.main' : 'success.main', whiteSpace: 'nowrap', ml: 2 }}
            >
              {formatTransactionAmount(transaction.amount)}
            </Box>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <DashboardSection title={t('dashboard.section.recentCreditUsage')} action={history} testId="recent-credit-usage">
      {body}
    </DashboardSection>
  );
}
