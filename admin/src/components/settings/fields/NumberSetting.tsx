/** A number setting: its labelled field and input; `onChange` gets the number, or undefined when the input is empty. */
import { NumberInput } from '@strapi/design-system';
import { SettingField, type SettingFieldProps } from './SettingField';

interface NumberSettingProps extends Omit<SettingFieldProps, 'children'> {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  disabled: boolean;
  step?: number;
}

export const NumberSetting = ({
  name,
  label,
  hint,
  error,
  required,
  action,
  value,
  onChange,
  disabled,
  step,
}: NumberSettingProps) => (
  <SettingField
    name={name}
    label={label}
    hint={hint}
    error={error}
    required={required}
    action={action}
  >
    <NumberInput step={step} value={value} disabled={disabled} onValueChange={onChange} />
  </SettingField>
);
