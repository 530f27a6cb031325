export * from './admin.errors';
export { AdminService, ADMIN_AUDIT_SORTS, ADMIN_CREDIT_SORTS, ADMIN_JOB_SORTS, ADMIN_ORGANIZATION_SORTS, ADMIN_USER_SORTS, type AdminListQuery, type AdminPage } from './admin.service';
export { AdminModule } from './admin.module';
