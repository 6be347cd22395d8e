import * as React from 'react';
import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/translations';
import type { FieldMessage } from '../utils/settings-form';

/** Like `t`, for messages whose values are elements (a link, a code span): the result is a node, not a string. */
export type RichTranslate = (
  id: string,
  defaultMessage: string,
  values?: Record<string, React.ReactNode>
) => React.ReactNode;

/**
 * A translate function (id, English default, values) for the plugin's own, un-prefixed translation keys.
 * The same functions until the language changes, so effects and callbacks can depend on them.
 */
export function useTranslate() {
  const { formatMessage, formatList, locale } = useIntl();
  return React.useMemo(() => {
    const t = (id: string, defaultMessage: string, values?: Record<string, unknown>) =>
      formatMessage({ id: getTranslation(id), defaultMessage }, values as any) as string;
    const rich: RichTranslate = (id, defaultMessage, values) =>
      formatMessage({ id: getTranslation(id), defaultMessage }, values as any);
    const message = (descriptor: FieldMessage) =>
      t(descriptor.id, descriptor.defaultMessage, descriptor.values);
    /** "shop and blog", "boutique et blog": a list in the admin's language. */
    const list = (items: string[]) => formatList(items, { type: 'conjunction' }) as string;
    return { t, rich, message, list, locale };
  }, [formatMessage, formatList, locale]);
}
