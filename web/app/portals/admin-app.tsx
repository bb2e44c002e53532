import { useState } from 'react';
import { LayoutDashboard } from 'lucide-react';
import { AdminHome } from '../../features/admin';
import { useSignedInUser } from '../../features/account';
import { AdminLayout, type AdminSection } from '../layouts/admin-layout';

const SECTIONS: AdminSection[] = [{ id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard }];

/** /admin (role admin). */
export default function AdminApp() {
  const user = useSignedInUser();
  const [active, setActive] = useState('dashboard');
  return (
    <AdminLayout user={user} sections={SECTIONS} active={active} onSelect={setActive}>
      <AdminHome />
    </AdminLayout>
  );
}
