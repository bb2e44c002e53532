export { NotificationsCard, NOTIFICATIONS_KEY } from './notifications-card';
