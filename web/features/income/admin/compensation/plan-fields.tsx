import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Input, Select } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { cn } from '../../../../lib/cn';
import { defaultOf, getIn, PARAMS, type FormErrors, type PlanForm } from './plan-form';

/** The options of a select parameter. */
function Choices({ options = [] }: { options?: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

export const fieldId = (path: string) => `plan-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

const describedBy = (id: string, error?: string, hint = true) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A text input with "₹" before or a unit after the value. */
export function AffixInput({
  id,
  value,
  onChange,
  error,
  prefix,
  suffix,
  inputMode = 'decimal',
  type = 'text',
  describedById,
  label,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  prefix?: string;
  suffix?: string;
  inputMode?: 'decimal' | 'numeric';
  type?: 'text' | 'date';
  describedById?: string;
  /** An accessible name when no visible label points at the input. */
  label?: string;
  disabled?: boolean;
}) {
  return (
    <div className="relative">
      {prefix ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 flex w-8 items-center justify-center text-sm font-semibold text-slate-500">
          {prefix}
        </span>
      ) : null}
      <Input
        id={id}
        type={type}
        inputMode={type === 'text' ? inputMode : undefined}
        autoComplete="off"
        value={value}
        disabled={disabled}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedById}
        onChange={(e) => onChange(e.target.value)}
        className={cn('tabular-nums', prefix && 'pl-7', suffix && 'pr-16')}
      />
      {suffix ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-xs font-medium text-slate-500">
          {suffix}
        </span>
      ) : null}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-600">
      {error}
    </p>
  );
}

/** One scalar parameter: label, input, its meaning and default, and the message of the schema or the server. */
export function ParamField({ path, form, errors, onChange, disabled }: { path: string; form: PlanForm; errors: FormErrors; onChange: (path: string, value: string) => void; disabled?: boolean }) {
  const def = PARAMS[path];
  const id = fieldId(path);
  const value = String(getIn(form, path) ?? '');
  const error = errors[path];
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id}>{def.label}</Label>
      {def.kind === 'select' ? (
        <Select id={id} value={value} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)} onChange={(e) => onChange(path, e.target.value)}>
          <Choices options={def.options} />
        </Select>
      ) : (
        <AffixInput
          id={id}
          value={value}
          onChange={(v) => onChange(path, v)}
          error={error}
          disabled={disabled}
          prefix={def.rupees ? '₹' : undefined}
          suffix={def.kind === 'percent' ? '%' : def.unit}
          inputMode={def.kind === 'whole' ? 'numeric' : 'decimal'}
          describedById={describedBy(id, error)}
        />
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {def.meaning}{' '}
        <span className="whitespace-nowrap">
          <span className="font-medium">Default:</span> {defaultOf(path)}.
        </span>
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface RowColumn {
  key: string;
  label: string;
  kind: 'decimal' | 'whole' | 'date' | 'select';
  prefix?: string;
  suffix?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** A cell of an editable table: its label shows on phones (the header row does on wider screens). */
export function CellInput({
  path,
  column,
  value,
  error,
  onChange,
  disabled,
  labelClass = 'sm:sr-only',
}: {
  path: string;
  column: RowColumn;
  value: string;
  error?: string;
  onChange: (path: string, value: string) => void;
  disabled?: boolean;
  /** Where the header row takes over from the cell's own label. */
  labelClass?: string;
}) {
  const id = fieldId(path);
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className={cn('text-xs text-slate-500', labelClass)}>
        {column.label}
      </Label>
      {column.kind === 'select' ? (
        <Select id={id} value={value} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(path, e.target.value)}>
          <Choices options={column.options} />
        </Select>
      ) : (
        <AffixInput
          id={id}
          type={column.kind === 'date' ? 'date' : 'text'}
          inputMode={column.kind === 'whole' ? 'numeric' : 'decimal'}
          value={value}
          disabled={disabled}
          error={error}
          prefix={column.prefix}
          suffix={column.suffix}
          describedById={error ? `${id}-error` : undefined}
          onChange={(v) => onChange(path, v)}
        />
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A parameter table (levels, rank bonuses, TDS rows): one line per row, add and remove, the table's own message. */
export function RowsEditor({
  title,
  meaning,
  defaultText,
  basePath,
  columns,
  rows,
  gridClass,
  errors,
  onChange,
  onAdd,
  onRemove,
  addLabel,
  canAdd = true,
  minRows = 0,
  disabled,
  readOnly,
  empty,
  hideLegend,
}: {
  title: string;
  meaning: ReactNode;
  defaultText: string;
  basePath: string;
  columns: RowColumn[];
  rows: Array<Record<string, string>>;
  /** sm: grid template of the columns plus the remove button. */
  gridClass: string;
  errors: FormErrors;
  onChange: (path: string, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  canAdd?: boolean;
  minRows?: number;
  disabled?: boolean;
  /** An activated version: no add or remove buttons. */
  readOnly?: boolean;
  empty: string;
  /** The group around it already says what the table is. */
  hideLegend?: boolean;
}) {
  const id = fieldId(basePath);
  const tableError = errors[basePath];
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={`${id}-hint`}>
      <legend className={hideLegend ? 'sr-only' : 'text-sm font-medium text-slate-700'}>{title}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {meaning} <span className="font-medium">Default:</span> {defaultText}.
      </p>
      {rows.length ? (
        <div className="overflow-hidden rounded-xl border border-slate-200">
          <div aria-hidden="true" className={cn('hidden gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid', gridClass)}>
            {columns.map((c) => (
              <span key={c.key}>{c.label}</span>
            ))}
            <span className="w-9" />
          </div>
          <ul className="divide-y divide-slate-100">
            {rows.map((row, i) => (
              <li key={i} className={cn('grid grid-cols-2 items-start gap-3 p-3', gridClass)} aria-label={`${title} row ${i + 1}`}>
                {columns.map((c) => {
                  const path = `${basePath}.${i}.${c.key}`;
                  return <CellInput key={c.key} path={path} column={c} value={row[c.key] ?? ''} error={errors[path]} onChange={onChange} disabled={disabled} />;
                })}
                {readOnly ? null : (
                  <div className="col-span-2 flex justify-end sm:col-span-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={disabled || rows.length <= minRows}
                      onClick={() => onRemove(i)}
                      aria-label={`Remove ${title.toLowerCase()} row ${i + 1}`}
                      title="Remove row"
                    >
                      <Trash2 aria-hidden="true" className="size-4 text-slate-500" />
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-3 py-3 text-sm text-slate-500">{empty}</p>
      )}
      <FieldError id={id} error={tableError} />
      {readOnly ? null : (
        <Button variant="outline" size="sm" onClick={onAdd} disabled={disabled || !canAdd}>
          <Plus aria-hidden="true" className="size-3.5" /> {addLabel}
        </Button>
      )}
    </fieldset>
  );
}
