import { Link } from 'react-router';
import { useCompanyName } from './ui/logo';

/**
 * The footer of every page (signed out and in every portal): the Consumer Protection (Direct Selling) Rules, 2021 ask
 * that the grievance redressal and the disclosures be one link away. Plain links only: it is in every first load.
 */
export function SiteFooter() {
  const company = useCompanyName();
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-4 text-sm text-slate-600 sm:px-6">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>
          © {new Date().getFullYear()} {company}
        </p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            <li>
              <Link to="/grievance" className="underline-offset-4 hover:text-slate-900 hover:underline">
                Grievance Redressal
              </Link>
            </li>
            <li>
              <Link to="/disclosures" className="underline-offset-4 hover:text-slate-900 hover:underline">
                Disclosures
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
