export { AdminPortal } from './admin-portal';
