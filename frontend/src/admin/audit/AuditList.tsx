import { Datagrid, DateField, FunctionField, List, SearchInput, TextField, TextInput } from 'react-admin';
import { useT } from '../../lib/i18n/translate';

const json = (value: unknown) => (value ? JSON.stringify(value) : '—');

/** Every administrator action: who, what, target, before, after, when. */
export function AuditList() {
  const t = useT();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={t('admin.audit.search')} />, <TextInput key="action" source="action" label={t('admin.audit.action')} />];
  return (
    <List resource="audit" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={50} exporter={false} title={t('admin.nav.auditLog')}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label={t('admin.audit.when')} showTime />
        <TextField source="admin_email" label={t('admin.audit.who')} sortable={false} />
        <TextField source="action" label={t('admin.audit.action')} />
        <FunctionField label={t('admin.audit.target')} render={(r: { target_type: string; target_id: string | null }) => `${r.target_type} ${r.target_id ?? ''}`} />
        <FunctionField label={t('admin.audit.before')} render={(r: { before: unknown }) => json(r.before)} />
        <FunctionField label={t('admin.audit.after')} render={(r: { after: unknown }) => json(r.after)} />
      </Datagrid>
    </List>
  );
}
