import { CREDIT_TRANSACTION_STATUSES, CREDIT_TRANSACTION_TYPES } from '@brandloom/contracts';
import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { statusLabel } from '../../lib/i18n/status';
import { useT, type MessageKey } from '../../lib/i18n/translate';

/** A transaction's type in the catalogues' words (the app's billing history says them too). */
const typeKey = (type: string) => `billing.type.${type}` as MessageKey;
type Row = { type: string; status: string };

/** Every organization's credit transactions (the dashboard tab shows the first 20). */
export function CreditList({ embedded = false, perPage = 25 }: { embedded?: boolean; perPage?: number }) {
  const t = useT();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('admin.credits.search')} />,
    <SelectInput key="status" source="status" label={t('admin.credits.status')} choices={CREDIT_TRANSACTION_STATUSES.map((id) => ({ id, name: statusLabel(id, t) }))} />,
    <SelectInput key="type" source="type" label={t('admin.credits.type')} choices={CREDIT_TRANSACTION_TYPES.map((id) => ({ id, name: t(typeKey(id)) }))} />,
  ];
  return (
    <List resource="credits" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={perPage} disableSyncWithLocation={embedded} exporter={false} title={t('admin.organizations.credits')}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label={t('billing.transactions.date')} showTime />
        <TextField source="organization_name" label={t('shell.organization')} sortable={false} />
        <NumberField source="amount" label={t('admin.credits.amount')} />
        <FunctionField source="type" label={t('admin.credits.type')} render={(row: Row) => ((CREDIT_TRANSACTION_TYPES as readonly string[]).includes(row.type) ? t(typeKey(row.type)) : row.type)} />
        <FunctionField source="status" label={t('admin.credits.status')} render={(row: Row) => statusLabel(row.status, t)} />
        <TextField source="description" label={t('billing.transactions.description')} sortable={false} />
      </Datagrid>
    </List>
  );
}
