export * from './api';
export * from './envelope';
export * from './tools';
export * from './version';
export * from './protocol';
export * from './rag';
