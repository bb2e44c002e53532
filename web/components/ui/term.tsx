import type { ReactNode } from 'react';

/** How one place lays out its terms: the classes of the pair's wrapper, of the `<dt>` and of the `<dd>`. */
export interface TermLook {
  row?: string;
  term: string;
  value: string;
}

/** One term and its value inside a description list (`<dl>`). */
export function Term({ look, term, children }: { look: TermLook; term: ReactNode; children: ReactNode }) {
  return (
    <div className={look.row}>
      <dt className={look.term}>{term}</dt>
      <dd className={look.value}>{children}</dd>
    </div>
  );
}

/** A place's own term component, of one look: `const Row = termOf({ row: 'flex ...', term: '...', value: '...' })`. */
export function termOf(look: TermLook) {
  function LookTerm({ term, children }: { term: ReactNode; children: ReactNode }) {
    return (
      <Term look={look} term={term}>
        {children}
      </Term>
    );
  }
  return LookTerm;
}
