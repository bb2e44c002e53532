export { IncomePage } from './income-page';
export { INCOME_KEYS, useIncome } from './api';
