export { NotFoundPage } from './not-found-page';
export { useOnce } from './use-once';
