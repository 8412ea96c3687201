export { tokenQueueRoutes } from './routes.js';
export { getQueue } from './queries.js';
export { PACE_MIN_GAPS, paceMinutes, queuePosition, type QueuePosition } from './position.js';
