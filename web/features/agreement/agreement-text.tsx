import { cn } from '../../lib/cn';

const HEADING = /^\d+\.\s+\S.{0,70}$/;

/**
 * The agreement's text as written: plain text, paragraph by paragraph (blank lines between). Rendered as text, never
 * as markup, so nothing in it can inject HTML; a one-line paragraph that starts with a clause number is a heading.
 */
export function AgreementText({ body, className }: { body: string; className?: string }) {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed text-slate-700', className)}>
      {paragraphs.map((p, i) =>
        HEADING.test(p) && !p.includes('\n') ? (
          <h3 key={i} className="pt-2 text-sm font-semibold text-slate-900">
            {p}
          </h3>
        ) : (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ),
      )}
    </div>
  );
}

/**
 * A version's text in a box that scrolls, named by its title and version. Focusable, so that a keyboard can scroll it
 * (a scrollable region must be reachable); `className` sets its height and frame.
 */
export function AgreementScroll({ agreement, className, testId }: { agreement: { title: string; version: number; body: string }; className: string; testId?: string }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${agreement.title}, version ${agreement.version}`}
      className={cn('overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-500', className)}
      data-testid={testId}
    >
      <AgreementText body={agreement.body} />
    </div>
  );
}
