import { Datagrid, DateField, List, NumberField, SearchInput, TextField } from 'react-admin';
import { useT } from '../../lib/i18n/translate';
import { GrantCreditsButton } from './GrantCreditsButton';

export function OrganizationList({ embedded = false }: { embedded?: boolean }) {
  const t = useT();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={t('admin.organizations.search')} />];
  return (
    <List resource="organizations" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} disableSyncWithLocation={embedded} exporter={false} title={t('admin.stat.organizations')}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label={t('admin.users.name')} />
        <TextField source="plan_tier" label={t('admin.organizations.plan')} />
        <NumberField source="credits" label={t('admin.organizations.credits')} />
        <NumberField source="members" label={t('admin.organizations.members')} />
        <DateField source="created_at" label={t('admin.created')} />
        <GrantCreditsButton />
      </Datagrid>
    </List>
  );
}
