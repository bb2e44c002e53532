/** The kyc module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
// First, so that a module the kyc module imports back (users) finds the columns while this face is still loading.
export { kycState, kycStateIn, kycStateNamesIn, kycStateOf } from './kyc-state.repo';
export { safeDocument } from './document-safety';
export { decodeDocument, sniffFileType } from './file-type';
export type { SniffedType } from './file-type';
export { findDocumentForUpdate, newestOfType } from './kyc.repo';
export type { KycRow } from './kyc.repo';
export { addDocument, refreshUserKycStatus, safeFilename, storeBlob } from './kyc.service';
