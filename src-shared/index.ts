export * from './api';
export * from './envelope';
export * from './tools';
export * from './version';
export * from './home';
export * from './home-schemas';
export * from './skills';
export * from './protocol';
