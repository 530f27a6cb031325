export * from './users.service';
export * from './password.service';
export * from './account-deletion.service';
export * from './users.errors';
export * from './users-jobs.names';
