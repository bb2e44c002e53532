import { AdminPortal } from '../admin/admin-portal';

/** /admin: role admin, and founders for the reviewer sections (docs/spec/decisions.md §1). */
export default function AdminApp() {
  return <AdminPortal />;
}
