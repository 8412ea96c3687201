export { planRoutes } from './routes.js';
export { getPlanStatus, planFulfilments, whatsappStatus } from './service.js';
