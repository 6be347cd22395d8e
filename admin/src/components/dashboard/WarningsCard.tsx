/** The last full run's findings per rule: why it matters, how to fix it, and the entries at fault. */
import { Badge, Box, Flex, Link, Typography } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import { contentManagerLink } from '../../utils/format';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const WarningsCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const ruleCounts = Object.entries(status.validation.counts);
  return (
    <Section title={t('dashboard.warnings.title', 'Validation warnings')}>
      {ruleCounts.length === 0 ? (
        <Typography>
          {t('dashboard.warnings.none', 'The last full generation found nothing wrong.')}
        </Typography>
      ) : (
        ruleCounts.map(([rule, count]) => (
          <Box key={rule} paddingBottom={4}>
            <Flex gap={2}>
              <Badge>{count}</Badge>
              <Typography fontWeight="bold">{t(`rules.${rule}.title`, rule)}</Typography>
            </Flex>
            <Typography tag="p" textColor="neutral600">
              {t(`rules.${rule}.why`, '')} {t(`rules.${rule}.fix`, '')}
            </Typography>
            <ul>
              {status.validation.samples
                .filter((sample) => sample.rule === rule)
                .map((sample, i) => (
                  <li key={i}>
                    {sample.contentType &&
                    sample.documentId &&
                    sample.contentType.includes('::') ? (
                      <Link
                        href={`/admin${contentManagerLink(sample.contentType, sample.documentId, sample.locale)}`}
                      >
                        {`${sample.contentType} ${sample.documentId}${sample.locale ? ` (${sample.locale})` : ''}`}
                      </Link>
                    ) : (
                      <Typography>
                        {sample.documentId ?? sample.url ?? sample.contentType}
                      </Typography>
                    )}
                    {sample.detail ? (
                      <Typography textColor="neutral600">{` — ${sample.detail}`}</Typography>
                    ) : null}
                  </li>
                ))}
            </ul>
          </Box>
        ))
      )}
    </Section>
  );
};
