/** Moved to the UI kit (wallet and purchases use it too). */
export { QueryError } from '../../../components/ui/query-error';
