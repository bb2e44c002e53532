import type { StockRequestView } from '@contracts';
import type { BadgeTone } from '../components/ui/badge';

/** How a stock request's status shows (issue 16), in the franchise portal and the admin's Franchise Stock. */
export const STOCK_STATUS_LOOK: Record<StockRequestView['status'], { label: string; tone: BadgeTone }> = {
  requested: { label: 'Requested', tone: 'warning' },
  approved: { label: 'Approved', tone: 'info' },
  dispatched: { label: 'Dispatched', tone: 'brand' },
  received: { label: 'Received', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

/** "Product × 10 of 12, Other × 5": what was asked and, once approved, what was approved. */
export const stockRequestLines = (r: StockRequestView) => r.items.map((i) => `${i.productName} × ${i.approved === null ? i.requested : `${i.approved} of ${i.requested}`}`).join(', ');
