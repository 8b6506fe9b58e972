export { createHttpServer, registeredRoutes, setCertificate } from './server';
export type { HttpServerOptions, RouteInfo } from './server';
export { errorBody } from './errors';
export { isLoopbackHost } from './host-check';
export { crossSiteReason } from './cross-site';
