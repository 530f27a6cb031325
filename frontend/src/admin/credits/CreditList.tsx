import { CREDIT_TRANSACTION_STATUSES, CREDIT_TRANSACTION_TYPES } from '@brandloom/contracts';
import { Datagrid, DateField, List, NumberField, SearchInput, SelectInput, TextField } from 'react-admin';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by organization" />,
  <SelectInput key="status" source="status" choices={choices(CREDIT_TRANSACTION_STATUSES)} />,
  <SelectInput key="type" source="type" choices={choices(CREDIT_TRANSACTION_TYPES)} />,
];

/** Every organization's credit transactions (the dashboard tab shows the first 20). */
export function CreditList({ embedded = false, perPage = 25 }: { embedded?: boolean; perPage?: number }) {
  return (
    <List resource="credits" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={perPage} disableSyncWithLocation={embedded} exporter={false} title="Credits">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label="Date" showTime />
        <TextField source="organization_name" label="Organization" sortable={false} />
        <NumberField source="amount" />
        <TextField source="type" />
        <TextField source="status" />
        <TextField source="description" sortable={false} />
      </Datagrid>
    </List>
  );
}
