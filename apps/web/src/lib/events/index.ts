export { LiveEventsClient, eventsUrl, type ConnectionState, type LiveEventsOptions, type WebSocketLike } from './client';
export { liveQueryKeys, invalidateAllLive, invalidateForEvent } from './query-keys';
export { LiveEventsProvider, createLiveEventsClient, useLiveConnectionState, useLiveEvent, useLiveResync } from './provider';
