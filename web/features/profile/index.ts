export { ProfileCard } from './profile-card';
