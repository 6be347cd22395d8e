/** A text setting: its labelled field and input; `onChange` gets the text as typed. */
import * as React from 'react';
import { TextInput, type TextInputProps } from '@strapi/design-system';
import { SettingField, type SettingFieldProps } from './SettingField';

interface TextSettingProps
  extends
    Omit<SettingFieldProps, 'children'>,
    Pick<TextInputProps, 'placeholder' | 'list' | 'autoComplete'> {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** Shown after the input, inside the field (a datalist the input offers). */
  children?: React.ReactNode;
}

/** The ref reaches the input, so a caller can read its caret. */
export const TextSetting = React.forwardRef<HTMLInputElement, TextSettingProps>(
  (
    { name, label, hint, error, required, action, value, onChange, disabled, children, ...input },
    ref
  ) => (
    <SettingField
      name={name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      action={action}
    >
      <TextInput
        ref={ref}
        value={value}
        disabled={disabled}
        {...input}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {children}
    </SettingField>
  )
);
