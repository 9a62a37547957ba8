export * from './api/index';
