// Replaced at build time by the bundler; tests and type checks see the fallback.
declare const __JARVIS_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __JARVIS_VERSION__ === 'string' ? __JARVIS_VERSION__ : '0.0.0-dev';
export const APP_NAME = 'JARVIS Home Command';
