/** Moved to the UI kit (wallet and purchases use it too). */
export { StatCard } from '../../../components/ui/stat-card';
