import { CREDIT_TRANSACTION_STATUSES, CREDIT_TRANSACTION_TYPES } from '@brandloom/contracts';
import { Datagrid, DateField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';
import { useT } from '../../lib/i18n/translate';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

/** Every organization's credit transactions (the dashboard tab shows the first 20). */
export function CreditList({ embedded = false, perPage = 25 }: { embedded?: boolean; perPage?: number }) {
  const t = useT();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('admin.credits.search')} />,
    <SelectInput key="status" source="status" label={t('admin.credits.status')} choices={choices(CREDIT_TRANSACTION_STATUSES)} />,
    <SelectInput key="type" source="type" label={t('admin.credits.type')} choices={choices(CREDIT_TRANSACTION_TYPES)} />,
  ];
  return (
    <List resource="credits" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={perPage} disableSyncWithLocation={embedded} exporter={false} title={t('admin.organizations.credits')}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label={t('billing.transactions.date')} showTime />
        <TextField source="organization_name" label={t('shell.organization')} sortable={false} />
        <NumberField source="amount" label={t('admin.credits.amount')} />
        <TextField source="type" label={t('admin.credits.type')} />
        <TextField source="status" label={t('admin.credits.status')} />
        <TextField source="description" label={t('billing.transactions.description')} sortable={false} />
      </Datagrid>
    </List>
  );
}
