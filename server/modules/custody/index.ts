/** The custody module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { assertCustodyClear, creditTotalsAllow, emailChangeHoldEnd, markCustody } from './custody.service';
