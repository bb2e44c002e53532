import { TicketForm } from './ticket-form';
import { TicketList } from './ticket-list';
import { SplitColumns } from '../../components/ui/columns';
import { MemberGrievances } from '../grievance';

/** /support (screens M12, doc 3 §5.2): open a ticket and follow the answers. */
export function SupportPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Support</h1>
        <p className="mt-1 text-sm text-slate-500">Questions about payments, products, your ID or the website? Open a ticket and follow it here.</p>
      </div>
      <SplitColumns left={<TicketForm />} right={<TicketList />} wide="right" />
      <MemberGrievances />
    </div>
  );
}
