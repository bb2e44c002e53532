import { CATEGORY_LABELS, PAYMENT_METHOD_LABELS } from '@contracts';
import { titleCase } from '../../lib/format';

export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? titleCase(c);
export const paymentMethodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as keyof typeof PAYMENT_METHOD_LABELS] ?? titleCase(m);
export const purchaseTypeLabel = (t: string) => (t === 'second_purchase' ? '2nd Purchase' : '1st Purchase');
