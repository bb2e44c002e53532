import { FormField } from '../ui/form-field';
import { Options, Select } from '../ui/input';

/** One select of an admin list's filters: the filter it sets, its label, the blank choice ("All …") and the choices. */
export interface SelectFilterSpec<K extends string> {
  key: K;
  id: string;
  label: string;
  blank: string;
  values: readonly string[];
  optionLabel?: (value: string) => string;
}

/** Selects that filter an admin list as soon as one changes, each with its label over it. */
export function SelectFilters<K extends string>({
  filters,
  values,
  onChange,
  className,
}: {
  filters: readonly SelectFilterSpec<K>[];
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
  /** The classes of each field (its width). */
  className?: string;
}) {
  return filters.map((f) => (
    <FormField key={f.key} id={f.id} label={f.label} className={className}>
      <Select id={f.id} value={values[f.key]} onChange={(e) => onChange(f.key, e.target.value)}>
        <Options blank={f.blank} values={f.values} label={f.optionLabel} />
      </Select>
    </FormField>
  ));
}
