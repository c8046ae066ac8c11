export * from './assets.ts';
export * from './clinics.ts';
export * from './config.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './locales.ts';
export * from './theme.ts';
export * from './user.ts';
