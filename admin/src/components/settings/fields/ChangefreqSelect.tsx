/** The protocol's change frequencies, in the admin's language, or none. */
import { SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useTranslate } from '../../../hooks/useTranslate';
import { CHANGEFREQS, type Changefreq } from '../../../utils/settings-form';

const NOT_SET = '__not-set';

interface ChangefreqSelectProps {
  value: Changefreq | undefined;
  disabled: boolean;
  onChange: (value: Changefreq | undefined) => void;
}

export const ChangefreqSelect = ({ value, disabled, onChange }: ChangefreqSelectProps) => {
  const { t } = useTranslate();
  return (
    <SingleSelect
      value={value ?? NOT_SET}
      disabled={disabled}
      onChange={(next: string | number) =>
        onChange(next === NOT_SET ? undefined : (next as Changefreq))
      }
    >
      <SingleSelectOption value={NOT_SET}>{t('settings.notSet', 'Not set')}</SingleSelectOption>
      {CHANGEFREQS.map((frequency) => (
        <SingleSelectOption key={frequency} value={frequency}>
          {t(`settings.changefreq.${frequency}`, frequency)}
        </SingleSelectOption>
      ))}
    </SingleSelect>
  );
};
