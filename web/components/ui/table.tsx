import { Fragment, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { RECORD_PARAM } from '../../lib/record-param';

/**
 * Which sides of a scrolling frame have content out of sight: a sticky column over that side then casts a shadow, so
 * the columns scrolled under it read as more to scroll to, not as missing (issue 30).
 */
function useHiddenSides() {
  const ref = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollWidth - el.clientWidth - el.scrollLeft > 1;
      setSides((s) => (s.left === left && s.right === right ? s : { left, right }));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', check);
    };
  }, []);
  return { ref, sides };
}

/** A horizontally scrolling table in a card; the first or the last column may stay put while scrolling. */
export function TableFrame({ className, children, label }: { className?: string; children: ReactNode; label: string }) {
  const { ref, sides } = useHiddenSides();
  return (
    <div className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}>
      <div ref={ref} className="group/frame overflow-x-auto" role="region" aria-label={label} tabIndex={0} data-hidden-left={sides.left || undefined} data-hidden-right={sides.right || undefined}>
        <table className="w-full border-separate border-spacing-0 text-left text-sm">{children}</table>
      </div>
    </div>
  );
}

const stickyCell = 'sticky left-0 z-[1] shadow-[inset_-1px_0_0_var(--color-slate-200)] group-data-hidden-left/frame:shadow-[8px_0_8px_-8px_#0003]';
const stickyEndCell =
  'sticky right-0 z-[1] shadow-[inset_1px_0_0_var(--color-slate-200)] group-data-hidden-right/frame:shadow-[inset_1px_0_0_var(--color-slate-200),-8px_0_12px_-8px_rgb(15_23_42/0.25)]';

/** The classes of a cell kept in view at the start or the end of the row, with its own layer and background (`extra`). */
const stuckCell = (sticky: boolean | undefined, stickyEnd: boolean | undefined, extra: string) => cn(sticky && cn(stickyCell, extra), stickyEnd && cn(stickyEndCell, extra));

export function Th({ className, sticky, stickyEnd, ...props }: ComponentProps<'th'> & { sticky?: boolean; stickyEnd?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        // A header of several words may wrap: a header never makes its column wider than its cells need, so the table
        // fits its frame where it can and no column ends up under a sticky one (issue 30).
        'border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-balance text-slate-500 uppercase',
        stuckCell(sticky, stickyEnd, 'z-[2]'),
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, sticky, stickyEnd, ...props }: ComponentProps<'td'> & { sticky?: boolean; stickyEnd?: boolean }) {
  return (
    <td
      className={cn('border-b border-slate-100 px-4 py-3 align-middle text-slate-700 group-last:border-b-0', stuckCell(sticky, stickyEnd, 'bg-white group-hover:bg-slate-50'), className)}
      {...props}
    />
  );
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('group transition-colors hover:bg-slate-50', className)} {...props} />;
}

/** A cell of a product line: the product's name, its quantity below. */
export function ProductQty({ name, quantity }: { name: ReactNode; quantity: number }) {
  return (
    <>
      <p className="text-slate-800">{name}</p>
      <p className="text-xs text-slate-500">Qty {quantity}</p>
    </>
  );
}

/** A column header that sorts: aria-sort tells assistive technology the current order. */
export function SortableTh({ label, active, dir, onSort, className }: { label: string; active: boolean; dir: 'asc' | 'desc'; onSort: () => void; className?: string }) {
  const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" onClick={onSort} className={cn('-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 uppercase hover:text-slate-900', active && 'text-slate-900')}>
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', active ? 'text-brand-600' : 'text-slate-500')} />
      </button>
    </Th>
  );
}

/** Label and value pair inside a phone card. */
export function CardField({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A list's row as a phone card: its head (what the row is at the left, its status or figure at the right), what more
 * it says, its label-value fields under a rule (a field whose value is undefined is left out) and its actions under
 * another.
 */
export function RowCard({
  head,
  aside,
  children,
  fields,
  wide = [],
  grid = 'grid-cols-2 gap-3',
  actions,
  after,
}: {
  head: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
  fields?: Record<string, ReactNode>;
  /** The labels of the fields across the whole card. */
  wide?: readonly string[];
  /** The fields' columns and gaps. */
  grid?: string;
  actions?: ReactNode;
  /** What stands under the fields as it is (actions that draw their own rule). */
  after?: ReactNode;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        {head}
        {aside}
      </div>
      {children}
      {fields ? (
        <dl className={cn('grid', grid, 'border-t border-slate-100 pt-3')}>
          {Object.entries(fields).map(([label, value]) =>
            value === undefined ? null : (
              <CardField key={label} label={label} wide={wide.includes(label)}>
                {value}
              </CardField>
            ),
          )}
        </dl>
      ) : null}
      {actions ? <div className="border-t border-slate-100 pt-3">{actions}</div> : null}
      {after}
    </>
  );
}

/** One column of a DataTable: its header and the cell of a row. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell's classes, the same for every row or per row. */
  className?: string | ((row: T) => string | undefined);
  headerClassName?: string;
  sticky?: boolean;
  stickyEnd?: boolean;
  /** A header that sorts the list (its header is then the label). */
  sort?: { active: boolean; dir: 'asc' | 'desc'; onSort: () => void };
  /**
   * Its field on the phone's card (ColumnFields): true, 'wide' (across both columns), 'after' (the cell alone under the
   * fields: the row's actions) or the field's own label, value, width and place where the card says it otherwise. A
   * column without it stays off the card.
   */
  card?: true | 'wide' | 'after' | CardSpec<T>;
}

/** How a column reads on the phone's card where it differs from the table. */
export interface CardSpec<T> {
  /** The field's label; the header by default. */
  label?: string;
  wide?: boolean;
  /** The field's value; the column's cell by default. */
  cell?: (row: T) => ReactNode;
  /** The field's place among the card's fields; the column's by default. */
  order?: number;
  /** Whether the row shows the field at all; always by default. */
  when?: (row: T) => boolean;
}

/**
 * The label and value pairs of a phone card, one for each column that has a place on the card, in their order, and
 * under them the cells of the columns that stand after the fields (the row's actions).
 */
export function ColumnFields<T>({ columns, row, className = 'grid grid-cols-2 gap-x-4 gap-y-3' }: { columns: readonly Column<T>[]; row: T; className?: string }) {
  const fields = columns
    .map((c, i) => {
      const spec: CardSpec<T> = typeof c.card === 'object' ? c.card : { wide: c.card === 'wide' };
      return { c, spec, i, order: spec.order ?? i };
    })
    .filter(({ c, spec }) => c.card && c.card !== 'after' && (spec.when?.(row) ?? true))
    .sort((a, b) => a.order - b.order);
  const after = columns.filter((c) => c.card === 'after');
  return (
    <>
      <dl className={className}>
        {fields.map(({ c, spec, i }) => (
          <CardField key={i} label={spec.label ?? String(c.header)} wide={spec.wide}>
            {(spec.cell ?? c.cell)(row)}
          </CardField>
        ))}
      </dl>
      {after.map((c, i) => (
        <Fragment key={i}>{c.cell(row)}</Fragment>
      ))}
    </>
  );
}

// Literal class names, so Tailwind sees them: the table from the breakpoint up, the cards below it.
const SPLIT = { sm: ['hidden sm:block', 'sm:hidden'], md: ['hidden md:block', 'md:hidden'], lg: ['hidden lg:block', 'lg:hidden'] } as const;

type DataAttributes = Record<`data-${string}`, string | undefined>;

/**
 * The list of the web app: a table on wide screens and one card per row on a phone. The caller gives
 * the columns, the card body (by default the columns' card fields, ColumnFields) and the row's data attributes (the
 * same on the row and on its card).
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  card,
  cardFields,
  label,
  breakpoint = 'md',
  rowData,
  rowClassName,
  cardClassName,
  cardTone,
  cards = 'separate',
  expanded,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  card?: (row: T) => ReactNode;
  /** The classes of the card's fields where the card is the columns' (ColumnFields). */
  cardFields?: string;
  label: string;
  breakpoint?: keyof typeof SPLIT;
  rowData?: (row: T) => DataAttributes;
  rowClassName?: (row: T) => string | undefined;
  cardClassName?: string;
  /** A card's border and background when it stands out (the current row); the plain white card otherwise. */
  cardTone?: (row: T) => string | undefined;
  /** The phone layout: one card per row, or the rows as one divided list in a single card (a short comparison). */
  cards?: 'separate' | 'divided';
  /** A row's opened detail (null while closed): a full-width row under it in the table; the card shows its own. */
  expanded?: (row: T) => ReactNode;
}) {
  const [tableClass, cardsClass] = SPLIT[breakpoint];
  // The record in the address (?id=, web/lib/record-param.ts) stands out (an outline: a tint would take the muted
  // text below its contrast) and is scrolled to, also when it has no
  // dialog of its own (an approved withdrawal, a decided request): a shared link shows the row it means.
  const [params] = useSearchParams();
  const linked = params.get(RECORD_PARAM);
  const isLinked = (row: T) => linked !== null && rowKey(row) === linked;
  const present = linked !== null && rows.some(isLinked);
  useEffect(() => {
    if (!present || !linked) return;
    // The table row or the phone's card, whichever this width shows.
    const el = [...document.querySelectorAll<HTMLElement>(`[data-linked-row="${CSS.escape(linked)}"]`)].find((e) => e.offsetParent !== null);
    el?.scrollIntoView?.({ block: 'center' });
  }, [present, linked]);
  return (
    <>
      <TableFrame label={label} className={tableClass}>
        <thead>
          <tr>
            {columns.map((c, i) =>
              c.sort ? (
                <SortableTh key={i} label={String(c.header)} {...c.sort} className={c.headerClassName} />
              ) : (
                <Th key={i} sticky={c.sticky} stickyEnd={c.stickyEnd} className={c.headerClassName}>
                  {c.header}
                </Th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const detail = expanded?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <Tr
                  {...rowData?.(row)}
                  aria-current={isLinked(row) || undefined}
                  data-linked-row={isLinked(row) ? linked : undefined}
                  className={cn(rowClassName?.(row), isLinked(row) && 'outline-2 -outline-offset-2 outline-brand-400')}
                >
                  {columns.map((c, i) => (
                    <Td key={i} sticky={c.sticky} stickyEnd={c.stickyEnd} className={typeof c.className === 'function' ? c.className(row) : c.className}>
                      {c.cell(row)}
                    </Td>
                  ))}
                </Tr>
                {detail ? (
                  <tr>
                    <td colSpan={columns.length} className="border-b border-slate-100 bg-slate-50/70 px-4 py-4">
                      {detail}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </TableFrame>
      <ul className={cn(cards === 'divided' ? 'divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm' : 'space-y-3', cardsClass)} aria-label={label}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            {...rowData?.(row)}
            aria-current={isLinked(row) || undefined}
            data-linked-row={isLinked(row) ? linked : undefined}
            className={cn(
              cards === 'divided' ? cn('space-y-2 px-4 py-3', cardClassName) : cn('space-y-3 rounded-2xl border p-4 shadow-sm', cardTone?.(row) ?? 'border-slate-200 bg-white', cardClassName),
              isLinked(row) && 'ring-2 ring-brand-300',
            )}
          >
            {card ? card(row) : <ColumnFields columns={columns} row={row} className={cardFields} />}
          </li>
        ))}
      </ul>
    </>
  );
}
