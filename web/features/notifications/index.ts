export { NotificationsCard, NOTIFICATIONS_KEY } from './notifications-card';
export { NotificationBell } from './admin/notification-bell';
