export * from './organisations.js';
export * from './staff.js';
export * from './sessions.js';
export * from './plans.js';
export * from './wallet.js';
export * from './notifications.js';
export * from './system.js';
