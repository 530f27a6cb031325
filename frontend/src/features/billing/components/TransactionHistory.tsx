import DownloadIcon from '@mui/icons-material/Download';
import type { CreditTransactionDto, CreditTransactionFilter } from '@brandloom/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n/translate';
import { ScrollShadowTableContainer } from '../../../components/ScrollShadowTableContainer';
import { useCreditTransactions } from '../api/useCreditTransactions';
import { useExportTransactions } from '../api/useExportTransactions';
import { formatDateTime, formatSignedAmount, transactionLabel } from '../format';

const TABS: { value: CreditTransactionFilter; label: MessageKey }[] = [
  { value: 'all', label: 'billing.transactions.all' },
  { value: 'purchase', label: 'billing.transactions.purchases' },
  { value: 'usage', label: 'billing.transactions.usage' },
];

const STATUS_LABELS: Record<string, { label: MessageKey; color: 'warning' | 'error' }> = {
  pending: { label: 'billing.transactions.pending', color: 'warning' },
  failed: { label: 'billing.transactions.failed', color: 'error' },
};

function amountColor(amount: number): string {
  if (amount > 0) return 'success.main';
  if (amount < 0) return 'error.main';
  return 'text.secondary';
}

function TransactionRow({ transaction }: { transaction: CreditTransactionDto }) {
  const type = transaction.type ?? transaction.transaction_type;
  const status = STATUS_LABELS[transaction.status];
  const t = useT();
  return (
    <TableRow data-testid="transaction-row">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(transaction.created_at)}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <span data-testid="transaction-label">{transactionLabel(type)}</span>
          {status && <Chip label={t(status.label)} color={status.color} size="small" variant="outlined" />}
        </Box>
      </TableCell>
      <TableCell>
        <Typography variant="body2">{transaction.description}</Typography>
        {transaction.brand_name && (
          <Typography variant="caption" color="text.secondary">
            {transaction.brand_name}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        <Typography
          component="span"
          variant="body2"
          data-testid="transaction-amount"
          data-sign={transaction.amount > 0 ? 'positive' : transaction.amount < 0 ? 'negative' : 'zero'}
          sx={{ color: amountColor(transaction.amount), fontWeight: 600 }}
        >
          {formatSignedAmount(transaction.amount)}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

function TransactionsBody({ type }: { type: CreditTransactionFilter }) {
  const query = useCreditTransactions(type);
  const t = useT();

  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      >
        {t('billing.transactions.loadError')}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Box data-testid="transactions-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} variant="text" height={40} />
        ))}
      </Box>
    );
  }

  const transactions = query.data.pages.flatMap((page) => page.transactions);
  if (transactions.length === 0) {
    return <Typography color="text.secondary">{t('billing.transactions.empty')}</Typography>;
  }
  return (
    <>
      <ScrollShadowTableContainer tabIndex={0} role="region" aria-label={t('billing.transactions.tableRegion')}>
        <Table size="small" aria-label={t('billing.transactions.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.transactions.date')}</TableCell>
              <TableCell>{t('billing.transactions.type')}</TableCell>
              {/* On a phone the table scrolls rather than squeezing the description to a letter per line. */}
              <TableCell sx={{ minWidth: 180 }}>{t('billing.transactions.description')}</TableCell>
              <TableCell align="right">{t('billing.transactions.credits')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {transactions.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </TableBody>
        </Table>
      </ScrollShadowTableContainer>
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}

/** The ledger with tabs All, Purchases and Usage, paging and a CSV export of the open tab. */
export function TransactionHistory() {
  const [type, setType] = useState<CreditTransactionFilter>('all');
  const exportCsv = useExportTransactions();
  const t = useT();

  return (
    <Card component="section" aria-labelledby="transactions-heading">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="transactions-heading" variant="h5" component="h3" sx={{ fontWeight: 700 }}>
            {t('billing.transactions.heading')}
          </Typography>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exportCsv.mutate(type)} disabled={exportCsv.isPending}>
            {t('billing.transactions.export')}
          </Button>
        </Box>
        <Tabs value={type} onChange={(_, value: CreditTransactionFilter) => setType(value)} aria-label={t('billing.transactions.tabs')} sx={{ mb: 2 }}>
          {TABS.map((tab) => (
            <Tab key={tab.value} value={tab.value} label={t(tab.label)} id={`transactions-tab-${tab.value}`} aria-controls="transactions-panel" />
          ))}
        </Tabs>
        <Box role="tabpanel" id="transactions-panel" aria-labelledby={`transactions-tab-${type}`}>
          <TransactionsBody key={type} type={type} />
        </Box>
      </CardContent>
    </Card>
  );
}
