export * from './orders';
export * from './payments';
export * from './admin';
export * from './wall';
export * from './enhance';
export * from './shipping';
export * from './cart';
export * from './coupons';
