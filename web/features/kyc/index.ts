export { KycUploadPage } from './kyc-upload-page';
export { KycDocumentList } from './document-list';
export { useKycDocuments, useKycInfo, KYC_KEY, KYC_INFO_KEY } from './api';
export { DocumentStatusBadge } from './status-badge';
export { KycInfoCard } from './kyc-info-card';
export { useKycFile, checkKycFile, toastFileProblem } from './file-checks';
