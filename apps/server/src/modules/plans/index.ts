export { planRoutes } from './routes.js';
export { getPlanStatus, planFulfilments } from './service.js';
