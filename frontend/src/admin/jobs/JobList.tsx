import { ADMIN_JOB_KINDS, type AdminJobDto, type AdminJobKind } from '@brandloom/contracts';
import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';
import { STATUSES, statusLabel } from '../../lib/i18n/status';
import { useT, type MessageKey } from '../../lib/i18n/translate';
import { RetryJobButton } from './RetryJobButton';
import { RetryLinks } from './RetryLinks';

/** A label for every kind the server lists (a new kind in the contract does not compile without one). */
export const KIND_LABELS: Record<AdminJobKind, MessageKey> = {
  generation: 'admin.jobs.kind.generation',
  brand_extraction: 'admin.jobs.kind.brand_extraction',
  format: 'admin.jobs.kind.format',
  meta_push: 'admin.jobs.kind.meta_push',
  event: 'admin.jobs.kind.event',
};
const STATE_COLORS: Record<string, 'success' | 'error' | 'warning' | 'info'> = { completed: 'success', published: 'success', failed: 'error', parked: 'warning', processing: 'info', running: 'info' };
/** On a phone the table scrolls sideways inside its card; the page itself never does. */
const NARROW_SCREENS = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } as const;
/** The outline carries the state's colour; the label keeps the text colour (info and warning text on white fall short of 4.5:1). */
const STATE_LABEL = { color: 'text.primary' } as const;


/**
 * Operations: background work by kind and state, read from PostgreSQL (with or without Redis). A
 * failed generation is retried once; it and its retry link to each other.
 */
export function JobList() {
  const t = useT();
  const filters = [
    <SelectInput key="kind" source="kind" label={t('admin.jobs.kind')} choices={ADMIN_JOB_KINDS.map((id) => ({ id, name: t(KIND_LABELS[id]) }))} alwaysOn />,
    <SelectInput key="state" source="state" label={t('admin.jobs.state')} choices={STATUSES.map((id) => ({ id, name: statusLabel(id, t) }))} alwaysOn />,
    <TextInput key="id" source="id" label={t('admin.jobs.id')} />,
  ];
  return (
    <List resource="jobs" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false} title={t('admin.nav.operations')} sx={NARROW_SCREENS}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label={t('admin.created')} showTime />
        <FunctionField label={t('admin.jobs.kind')} sortable={false} render={(job: AdminJobDto) => (KIND_LABELS[job.kind] ? t(KIND_LABELS[job.kind]) : job.kind)} />
        <TextField source="label" label={t('admin.jobs.what')} sortable={false} />
        <FunctionField label={t('admin.jobs.state')} sortable={false} render={(job: AdminJobDto) => <Chip size="small" variant="outlined" label={statusLabel(job.state, t)} color={STATE_COLORS[job.state] ?? 'default'} sx={STATE_LABEL} />} />
        <NumberField source="attempts" label={t('admin.jobs.attempts')} sortable={false} emptyText="—" />
        <TextField source="error" label={t('admin.jobs.error')} sortable={false} emptyText="—" />
        <FunctionField label={t('admin.jobs.retryColumn')} sortable={false} render={() => <RetryLinks />} />
        <RetryJobButton />
      </Datagrid>
    </List>
  );
}
