/** Where a setting's value comes from, in words; a value saved in the admin can be handed back to the config file. */
import { Badge, Flex, TextButton } from '@strapi/design-system';
import type { SettingSource } from '../../../api/sitemap';
import { useTranslate } from '../../../hooks/useTranslate';

interface SourceBadgeProps {
  source: SettingSource | undefined;
  onReset?: () => void;
}

export const SourceBadge = ({ source, onReset }: SourceBadgeProps) => {
  const { t } = useTranslate();
  if (!source) return null;
  const text =
    source === 'config'
      ? t('settings.source.config', 'From config/plugins.ts')
      : source === 'admin'
        ? t('settings.source.admin', 'Saved in the admin')
        : t('settings.source.default', 'Default');
  return (
    <Flex gap={2} tag="span">
      <Badge>{text}</Badge>
      {source === 'admin' && onReset && (
        <TextButton onClick={onReset}>
          {t('settings.source.reset', 'Use the config file value')}
        </TextButton>
      )}
    </Flex>
  );
};
