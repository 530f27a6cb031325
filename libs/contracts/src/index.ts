export * from './auth';
export * from './organizations';
export * from './credits';
export * from './billing';
export * from './generation';
export * from './brand-profiles';
export * from './library';
