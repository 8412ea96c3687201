export { tokenQueueRoutes } from './routes.js';
export { getQueue, queueDay } from './queries.js';
export { actOnQueue } from './actions.js';
export { PACE_MIN_GAPS, paceMinutes, queuePosition, type QueuePosition } from './position.js';
