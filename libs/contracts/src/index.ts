export * from './auth';
export * from './organizations';
export * from './credits';
export * from './billing';
export * from './generation';
export * from './brand-profiles';
export * from './library';
export * from './input';
export * from './bulk';
export * from './meta';
export * from './blog';
export * from './admin';

export * from './public-pages';
