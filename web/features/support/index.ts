export { SupportPage } from './support-page';
