/**
 * The disclosures feature's face. Its page (`disclosures-page.tsx`) is loaded lazily by the route tables
 * (web/app/portals/signed-out-app.tsx, web/app/router.tsx) at `/disclosures`.
 */
export { DISCLOSURES_KEY } from './api';
