export { FounderPage } from './founder-page';
