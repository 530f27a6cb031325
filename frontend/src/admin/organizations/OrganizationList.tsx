import { Datagrid, DateField, List, NumberField, SearchInput, TextField } from 'react-admin';
import { GrantCreditsButton } from './GrantCreditsButton';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by name" />];

export function OrganizationList({ embedded = false }: { embedded?: boolean }) {
  return (
    <List resource="organizations" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} disableSyncWithLocation={embedded} exporter={false} title="Organizations">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <TextField source="plan_tier" label="Plan" />
        <NumberField source="credits" />
        <NumberField source="members" />
        <DateField source="created_at" label="Created" />
        <GrantCreditsButton />
      </Datagrid>
    </List>
  );
}
