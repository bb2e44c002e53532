/** The product-images module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { imagesByProduct, invoiceThumbnail, primaryImageByProduct } from './product-images.service';
