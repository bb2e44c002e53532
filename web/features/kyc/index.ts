export { KycUploadPage } from './kyc-upload-page';
export { KycDocumentList } from './document-list';
export { useKycDocuments, KYC_KEY } from './api';
export { DocumentStatusBadge } from './status-badge';
