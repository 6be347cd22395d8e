/** One labelled setting with its hint and error, so every input has a label and shows its error beside it. */
import * as React from 'react';
import { Field } from '@strapi/design-system';

export interface SettingFieldProps {
  name: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  required?: boolean;
  action?: React.ReactNode;
  children: React.ReactNode;
}

export const SettingField = ({
  name,
  label,
  hint,
  error,
  required,
  action,
  children,
}: SettingFieldProps) => (
  <Field.Root name={name} id={name} hint={hint} error={error} required={required}>
    <Field.Label action={action}>{label}</Field.Label>
    {children}
    <Field.Hint />
    <Field.Error />
  </Field.Root>
);
