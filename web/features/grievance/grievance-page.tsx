import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useSearchParams } from 'react-router';
import { CalendarClock, CheckCircle2, Clock4, FileSearch, Mail, MessageSquareWarning, Phone, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { GrievanceTrackQuery, PublicGrievanceInput, GRIEVANCE_MSG, type GrievanceRegistered, type GrievanceTracked, type Officer } from '@contracts';
import { PublicHeader } from '../../components/layout/public-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { IconPoint } from '../../components/ui/icon-point';
import { Input } from '../../components/ui/input';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, errorStatus } from '../../lib/api';
import { useDocumentTitle } from '../../lib/branding';
import { confirmGrievance, trackGrievance, useFileGrievance, useGrievanceInfo } from './api';
import { GrievanceStatusBadge, GrievanceTimeline, istDate, istTime } from './grievance-look';
import { ComplaintField } from './complaint-field';

/** One way to reach an officer: the icon and its spoken label, then the link. */
function ContactLine({ icon: Icon, label, href, className, children }: { icon: typeof Phone; label: string; href: string; className?: string; children: string }) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <Icon aria-hidden="true" className="size-4 text-slate-400" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={className}>
        <a className="text-brand-700 hover:underline" href={href}>
          {children}
        </a>
      </dd>
    </div>
  );
}

function OfficerCard({ title, officer }: { title: string; officer: Officer | null | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={UserRound}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {officer ? (
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="sr-only">Name</dt>
              <dd className="font-semibold text-slate-900">{officer.name}</dd>
              <dd className="text-slate-500">{officer.designation}</dd>
            </div>
            <ContactLine icon={Phone} label="Phone" href={`tel:${officer.phone.replace(/[^+0-9]/g, '')}`}>
              {officer.phone}
            </ContactLine>
            <ContactLine icon={Mail} label="Email" href={`mailto:${officer.email}`} className="min-w-0 break-all">
              {officer.email}
            </ContactLine>
          </dl>
        ) : (
          <p className="text-sm text-slate-500">The contact details will be published here shortly.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** One of the page's promises (acknowledgement, resolution, working hours), framed as a card. */
function Timeline(point: { icon: LucideIcon; title: string; text: string }) {
  return <IconPoint {...point} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" badgeClassName="rounded-xl" />;
}

type FileValues = { name: string; email: string; phone: string; orderReference: string; description: string };
const FILE_FIELDS = ['name', 'email', 'phone', 'orderReference', 'description'] as const;

function ComplaintForm() {
  const file = useFileGrievance();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<FileValues>({ resolver: zodResolver(PublicGrievanceInput) as never, defaultValues: { name: '', email: '', phone: '', orderReference: '', description: '' }, mode: 'onTouched' });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const done = await file.run(values, { setError: form.setError, fields: FILE_FIELDS });
    if (done.ok) {
      setSentTo(values.email);
      form.reset();
    }
  });
  return (
    <Card id="file-complaint">
      <CardHeader>
        <CardTitle icon={MessageSquareWarning}>File a complaint</CardTitle>
        <CardDescription>No account needed. We email you a link to confirm your address; your complaint is registered when you open it.</CardDescription>
      </CardHeader>
      <CardContent>
        {sentTo ? (
          <Alert tone="success" role="status" title="Almost done" className="mb-5">
            {GRIEVANCE_MSG.filed} We sent it to {sentTo}.
          </Alert>
        ) : null}
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Complaint form">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="name" id="grv-name" label="Your name" autoComplete="name" maxLength={120} />
            <TextField form={form} name="email" id="grv-email" label="Email" type="email" autoComplete="email" maxLength={254} />
            <TextField form={form} name="phone" id="grv-phone" label="Phone" optional type="tel" autoComplete="tel" maxLength={20} />
            <TextField form={form} name="orderReference" id="grv-order" label="Order or invoice number" optional maxLength={60} />
          </div>
          <ComplaintField form={form} id="grv-description" rows={5} hint="What happened, when, and what you would like us to do (at least 20 characters)." />
          <Button type="submit" loading={isSubmitting}>
            Send complaint
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TrackForm({ initialNumber }: { initialNumber: string }) {
  const [result, setResult] = useState<GrievanceTracked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ number: string; email: string }>({ resolver: zodResolver(GrievanceTrackQuery) as never, defaultValues: { number: initialNumber, email: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      setResult(await trackGrievance(values.number, values.email));
    } catch (err) {
      setResult(null);
      setProblem(errorStatus(err) === 404 ? GRIEVANCE_MSG.notFound : errorMessage(err, 'The complaint could not be looked up. Please try again.'));
    }
  });
  return (
    <Card id="track-complaint">
      <CardHeader>
        <CardTitle icon={FileSearch}>Track your complaint</CardTitle>
        <CardDescription>Enter the complaint number from our email and the email address you used.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Track a complaint">
          <FormField id="trk-number" label="Complaint number" error={errors.number?.message}>
            <Input
              placeholder="GRV/2627/000001"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono"
              {...fieldA11y('trk-number', errors.number?.message)}
              {...form.register('number')}
            />
          </FormField>
          <TextField form={form} name="email" id="trk-email" label="Email" type="email" autoComplete="email" />
          <Button type="submit" variant="outline" loading={isSubmitting}>
            Track
          </Button>
        </form>
        {problem ? (
          <Alert tone="danger" role="alert" title="Not found">
            {problem}
          </Alert>
        ) : null}
        {result ? <TrackedComplaint g={result} /> : null}
      </CardContent>
    </Card>
  );
}

function TrackedComplaint({ g }: { g: GrievanceTracked }) {
  return (
    <section aria-label={`Complaint ${g.number}`} className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="tracked-complaint">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm font-semibold text-slate-900">{g.number}</p>
        <GrievanceStatusBadge status={g.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Received</dt>
          <dd className="text-slate-800">{istTime(g.receivedAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{g.acknowledgedAt ? 'Acknowledged' : 'Acknowledgement due'}</dt>
          <dd className="text-slate-800">{istTime(g.acknowledgedAt ?? g.acknowledgeDueAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{g.closedAt ? 'Closed' : 'Resolution due'}</dt>
          <dd className="text-slate-800">{g.closedAt ? istTime(g.closedAt) : istDate(g.resolveDueAt)}</dd>
        </div>
      </dl>
      <GrievanceTimeline events={g.events} className="ml-1" />
    </section>
  );
}

/** The mailed link: registers the complaint once and shows its number. */
function Confirmation({ token }: { token: string }) {
  const [state, setState] = useState<{ ok: true; data: GrievanceRegistered } | { ok: false; message: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirmGrievance(token).then((r) => setState(r.ok ? { ok: true, data: r.data } : { ok: false, message: r.error.message || GRIEVANCE_MSG.confirmInvalid }));
  }, [token]);
  if (!state) return <p className="text-sm text-slate-600">Registering your complaint...</p>;
  if (!state.ok) {
    return (
      <Alert tone="danger" role="alert" title="Link not valid">
        {state.message}
      </Alert>
    );
  }
  return (
    <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 aria-hidden="true" className="size-5" /> {state.data.message}
      </p>
      <p className="mt-2">
        Your complaint number is{' '}
        <strong className="font-mono" data-testid="complaint-number">
          {state.data.number}
        </strong>
        . We have emailed you the acknowledgement.
      </p>
      <p className="mt-1 text-sm">
        Acknowledgement by {istTime(state.data.acknowledgeDueAt)}; resolution by {istDate(state.data.resolveDueAt)}.
      </p>
    </div>
  );
}

/** The public Grievance Redressal page (Consumer Protection (Direct Selling) Rules, 2021): no sign-in. */
export function GrievancePage() {
  const info = useGrievanceInfo();
  useDocumentTitle('Grievance Redressal');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = pathname === '/grievance/confirm' ? params.get('token') : null;
  const d = info.data;
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader className="max-w-6xl">
        <LinkButton to="/" variant="outline" size="sm">
          Home
        </LinkButton>
      </PublicHeader>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <div className="max-w-3xl space-y-3">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Customer care</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Grievance Redressal</h1>
          <p className="text-slate-600">
            If something went wrong with a product, an order, a payment or your account, tell us. Every complaint gets a number, is acknowledged and resolved within the times below, as the Consumer
            Protection (Direct Selling) Rules, 2021 require.
          </p>
        </div>

        {token ? <Confirmation token={token} /> : null}

        <div className="grid gap-4 md:grid-cols-3">
          <Timeline icon={Clock4} title={`Acknowledged within ${d?.acknowledgeWithinWorkingHours ?? 48} working hours`} text="Our grievance officer confirms your complaint and starts work on it." />
          <Timeline icon={CalendarClock} title="Resolved within one month" text="From the day we receive it. If we need longer, we tell you why in writing." />
          <Timeline icon={ShieldCheck} title="Working hours" text={d?.workingHours ?? 'Monday to Saturday, 09:00 to 18:00 IST, except holidays'} />
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <OfficerCard title="Grievance Officer" officer={d?.grievanceOfficer} />
          <OfficerCard title="Nodal Officer" officer={d?.nodalOfficer} />
        </div>

        <TitledCard title="How to complain">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            <li>Members: sign in and file it from the Support page; it is registered at once under your account.</li>
            <li>Anyone else: fill in the form below and open the link we email you to register it.</li>
            <li>You can also write to or call the grievance officer above. Keep your order or invoice number at hand.</li>
            <li>We email you the complaint number at once, then each step until it is resolved. Track it below at any time.</li>
            <li>Not satisfied with the answer? Write to the nodal officer, or approach the National Consumer Helpline (1915) or a consumer commission.</li>
          </ol>
        </TitledCard>

        <div className="grid items-start gap-6 lg:grid-cols-5">
          <div className="min-w-0 lg:col-span-3">
            <ComplaintForm />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <TrackForm initialNumber={params.get('number') ?? ''} />
          </div>
        </div>
      </main>
    </div>
  );
}
