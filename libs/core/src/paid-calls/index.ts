export * from './paid-call-limits';
export * from './paid-calls.errors';
export * from './paid-calls.module';
