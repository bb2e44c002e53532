export { AdminHome } from './admin-home';
