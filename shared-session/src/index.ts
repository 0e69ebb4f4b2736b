export * from './bus';
export * from './api-client';
export * from './session';
export * from './idle';
export * from './query';
export * from './events';
export * from './url-state';
export * from './save-file';
