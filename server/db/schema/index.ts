export * from './users';
export * from './auth';
export * from './recruitment';
export * from './kyc';
export * from './commerce';
export * from './wallet';
export * from './engagement';
export * from './ops';
