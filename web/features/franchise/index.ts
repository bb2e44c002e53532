export { FranchisePage } from './franchise-page';
