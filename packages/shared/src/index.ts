export * from './common.js';
export * from './organisations.js';
export * from './auth.js';
export * from './navigation.js';
export * from './plan.js';
export * from './wallet.js';
export * from './notifications.js';
export * from './constants.js';
