export * from './common';
export * from './identity';
export * from './admin';
export * from './scheduling';
export * from './clinicians';
export * from './notes';
export * from './billing';
export * from './billing-pay';
