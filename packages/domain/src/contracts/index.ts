export * from './orders';
export * from './payments';
export * from './admin';
export * from './wall';
