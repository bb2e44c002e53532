/** The disclosures module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { companyDetails } from './disclosures.service';
export { planInWords } from './plan-in-words';
