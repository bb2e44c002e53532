/** The agreements module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { acceptAtJoin, agreementInForce, agreementPending, assertJoinAcceptance, ensureFirstAgreement, publishAgreement } from './agreements.service';
