import { AuditList } from './AuditList';

export default { list: AuditList };
