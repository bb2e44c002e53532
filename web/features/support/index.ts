export { SupportPage } from './support-page';
export { PriorityBadge, TicketStatusBadge } from './ticket-badges';
