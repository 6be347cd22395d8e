/**
 * Which of Strapi's webhooks get `sitemap.updated` (the files a run rewrote, the URLs it added,
 * changed and removed). Strapi's own Settings › Webhooks page lists only the events it knows, so the
 * subscription is ticked here, through Strapi's webhooks API and its permissions: an admin who may
 * not read or update webhooks sees why, and nothing else.
 */
import * as React from 'react';
import { Box, Checkbox, Flex, Link, Typography } from '@strapi/design-system';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import { WEBHOOK_EVENT } from '#sitemap/shared';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';

interface Webhook {
  id: string;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  isEnabled: boolean;
}

export const WebhooksCard = () => {
  const { t } = useTranslate();
  const { get, put } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [webhooks, setWebhooks] = React.useState<Webhook[] | null>(null);
  const [refused, setRefused] = React.useState(false);

  React.useEffect(() => {
    get('/admin/webhooks')
      .then((response) => setWebhooks((response.data as { data: Webhook[] }).data))
      .catch(() => setRefused(true));
  }, [get]);

  const toggle = async (hook: Webhook, on: boolean) => {
    const events = on
      ? [...hook.events, WEBHOOK_EVENT.name]
      : hook.events.filter((event) => event !== WEBHOOK_EVENT.name);
    const { name, url, headers, isEnabled } = hook;
    try {
      const response = await put(`/admin/webhooks/${hook.id}`, {
        name,
        url,
        headers,
        isEnabled,
        events,
      });
      const saved = (response.data as { data: Webhook }).data;
      setWebhooks(
        (current) => current?.map((item) => (item.id === saved.id ? saved : item)) ?? null
      );
    } catch {
      toggleNotification({
        type: 'danger',
        message: t(
          'settings.webhooks.failed',
          'The webhook was not changed: you may not update webhooks.'
        ),
      });
    }
  };

  return (
    <Section
      title={t('settings.webhooks.title', 'Front ends and CDNs')}
      description={t(
        'settings.webhooks.description',
        'Once a run is live, the webhooks ticked here receive {event}: the run, the sitemap files it rewrote or removed (to purge) and the URLs it added, changed and removed (to revalidate; 1,000 of each kind at most, with the counts).',
        { event: WEBHOOK_EVENT.name }
      )}
    >
      {refused && (
        <Typography tag="p" textColor="neutral600">
          {t('settings.webhooks.refused', 'Your role may not read webhooks.')}
        </Typography>
      )}
      {webhooks?.length === 0 && (
        <Typography tag="p">
          {t(
            'settings.webhooks.none',
            'No webhook yet: create one in Settings › Webhooks, then tick it here.'
          )}{' '}
          <Link href="/admin/settings/webhooks">
            {t('settings.webhooks.open', 'Open Webhooks')}
          </Link>
        </Typography>
      )}
      <Flex direction="column" alignItems="stretch" gap={2}>
        {webhooks?.map((hook) => (
          <Box key={hook.id}>
            <Checkbox
              checked={hook.events.includes(WEBHOOK_EVENT.name)}
              onCheckedChange={(checked: boolean | 'indeterminate') =>
                toggle(hook, checked === true)
              }
            >
              {hook.name} — {hook.url}
              {!hook.isEnabled && ` (${t('settings.webhooks.disabled', 'disabled')})`}
            </Checkbox>
          </Box>
        ))}
      </Flex>
    </Section>
  );
};
