export { createHttpServer } from './server';
export type { HttpServerOptions } from './server';
export { errorBody } from './errors';
export { isLoopbackHost } from './host-check';
export { crossSiteReason } from './cross-site';
