import { Datagrid, DateField, FunctionField, List, SearchInput, TextField, TextInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by administrator email" />, <TextInput key="action" source="action" label="Action" />];
const json = (value: unknown) => (value ? JSON.stringify(value) : '—');

/** Every administrator action: who, what, target, before, after, when. */
export function AuditList() {
  return (
    <List resource="audit" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={50} exporter={false} title="Audit log">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label="When" showTime />
        <TextField source="admin_email" label="Who" sortable={false} />
        <TextField source="action" />
        <FunctionField label="Target" render={(r: { target_type: string; target_id: string | null }) => `${r.target_type} ${r.target_id ?? ''}`} />
        <FunctionField label="Before" render={(r: { before: unknown }) => json(r.before)} />
        <FunctionField label="After" render={(r: { after: unknown }) => json(r.after)} />
      </Datagrid>
    </List>
  );
}
