/** Picks one field of a type, or none (when `noneLabel` is given): the pickers of a type's settings. */
import { SingleSelect, SingleSelectOption } from '@strapi/design-system';

const NONE = '__none';

export const FieldSelect = ({
  value,
  options,
  noneLabel,
  disabled,
  onChange,
}: {
  value: string | undefined;
  options: string[];
  noneLabel?: string;
  disabled: boolean;
  onChange: (value: string | undefined) => void;
}) => (
  <SingleSelect
    value={value ?? (noneLabel === undefined ? undefined : NONE)}
    disabled={disabled}
    onChange={(picked: string | number) => onChange(picked === NONE ? undefined : String(picked))}
  >
    {noneLabel !== undefined && <SingleSelectOption value={NONE}>{noneLabel}</SingleSelectOption>}
    {options.map((field) => (
      <SingleSelectOption key={field} value={field}>
        {field}
      </SingleSelectOption>
    ))}
  </SingleSelect>
);
