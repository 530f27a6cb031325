import { type AdminUserDto } from '@brandloom/contracts';
import { Switch } from '@mui/material';
import { useState } from 'react';
import { BooleanField, Datagrid, DateField, List, SearchInput, TextField, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useT } from '../../lib/i18n/translate';
import { adminAction } from '../dataProvider';
import { errorMessage } from '../errorMessage';

/** Grants or removes administrator status (the server keeps the last administrator). */
function AdminToggle() {
  const user = useRecordContext<AdminUserDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const t = useT();
  if (!user) return null;
  const toggle = async () => {
    setPending(true);
    try {
      await adminAction('PUT', `users/${encodeURIComponent(user.id)}/admin`, { is_admin: !user.is_admin });
      notify(t('admin.users.updated'), { type: 'success' });
      refresh();
    } catch (error) {
      notify(t('admin.users.failed', { reason: errorMessage(error) }), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Switch
      checked={user.is_admin}
      disabled={pending}
      onClick={(event) => event.stopPropagation()}
      onChange={() => void toggle()}
      slotProps={{ input: { 'aria-label': t('admin.users.adminOf', { email: user.email }) } }}
    />
  );
}

export function UserList({ embedded = false }: { embedded?: boolean }) {
  const t = useT();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={t('admin.users.search')} />];
  return (
    <List resource="users" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} disableSyncWithLocation={embedded} exporter={false} title={t('admin.stat.users')}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="username" label={t('admin.users.name')} />
        <TextField source="email" label={t('common.email')} />
        <TextField source="organization_name" label={t('shell.organization')} sortable={false} />
        <DateField source="created_at" label={t('admin.users.joined')} />
        <BooleanField source="is_admin" label={t('admin.users.admin')} sortable />
        <AdminToggle />
      </Datagrid>
    </List>
  );
}
