export { ProductsPage } from './products-page';
export { PurchasesPage } from './purchases-page';
