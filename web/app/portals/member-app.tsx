import { useLocation } from 'react-router';
import { useSignedInUser } from '../../features/account';
import { KycUploadPage } from '../../features/kyc';
import { DashboardPage } from '../../features/member';
import { MemberLayout } from '../layouts/member-layout';

/** Member portal: /dashboard, /kyc-upload, /my-team, /products, /my-purchases (doc 1 §2). */
export default function MemberApp() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  return <MemberLayout user={user}>{pathname === '/kyc-upload' ? <KycUploadPage /> : <DashboardPage />}</MemberLayout>;
}
