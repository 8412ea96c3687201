export {
  enablePushSubscription,
  ensurePushSubscription,
  registerPushServiceWorker,
  removePushSubscription,
  SERVICE_WORKER_ACTIVATION_WAIT_MS,
  type EnablePushResult,
  type PushEnableFailure,
} from './push-client';
export { checkPushSupport, isPushSupported, pushPermission, type PushPermission } from './support';
export { PushError, logPushError, pushErrorMessages, type PushErrorCode } from './errors';
export { usePushPermission, usePushSync, useServiceWorkerNavigation, NAVIGATE_MESSAGE } from './use-push';
