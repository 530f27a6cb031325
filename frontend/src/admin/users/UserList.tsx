import { ADMIN_MESSAGES, type AdminUserDto } from '@brandloom/contracts';
import { Switch } from '@mui/material';
import { useState } from 'react';
import { BooleanField, Datagrid, DateField, List, SearchInput, TextField, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { adminAction } from '../dataProvider';
import { errorMessage } from '../errorMessage';

/** Grants or removes administrator status (the server keeps the last administrator). */
function AdminToggle() {
  const user = useRecordContext<AdminUserDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!user) return null;
  const toggle = async () => {
    setPending(true);
    try {
      await adminAction('PUT', `users/${encodeURIComponent(user.id)}/admin`, { is_admin: !user.is_admin });
      notify(ADMIN_MESSAGES.userAdminUpdated, { type: 'success' });
      refresh();
    } catch (error) {
      notify(`${ADMIN_MESSAGES.userAdminFailed}: ${errorMessage(error)}`, { type: 'error' });
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
      slotProps={{ input: { 'aria-label': `Administrator: ${user.email}` } }}
    />
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by email or name" />];

export function UserList({ embedded = false }: { embedded?: boolean }) {
  return (
    <List resource="users" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} disableSyncWithLocation={embedded} exporter={false} title="Users">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="username" label="Name" />
        <TextField source="email" />
        <TextField source="organization_name" label="Organization" sortable={false} />
        <DateField source="created_at" label="Joined" />
        <BooleanField source="is_admin" label="Admin" sortable />
        <AdminToggle />
      </Datagrid>
    </List>
  );
}
