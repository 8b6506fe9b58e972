export * from './api';
export * from './envelope';
export * from './tools';
export * from './version';
export * from './skills';
export * from './mesh';
export * from './ipc';
export * from './protocol';
