/** The live urlsets (each opening in the file browser) and news files: URLs, size, how full each is, newest lastmod. */
import { Link, Table, Tbody, Td, Th, Thead, Tr } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from '../../hooks/useTranslate';
import { formatBytes, formatPercent } from '../../utils/format';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const FilesCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { formatDate } = useIntl();
  if (status.files.length === 0) return null;
  return (
    <Section title={t('dashboard.files.title', 'Files')}>
      <Table colCount={5} rowCount={status.files.length + 1}>
        <Thead>
          <Tr>
            <Th>{t('dashboard.files.name', 'File')}</Th>
            <Th>{t('dashboard.files.urls', 'URLs')}</Th>
            <Th>{t('dashboard.files.size', 'Size')}</Th>
            <Th>{t('dashboard.files.limits', 'Share of the file limits (URLs, bytes)')}</Th>
            <Th>{t('dashboard.files.lastmod', 'Newest lastmod')}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {status.files.map((file) => (
            <Tr key={file.name}>
              <Td>
                {/* Urlsets open in the file browser (browsers drop XSLT); news files as served. */}
                {file.format === 'urlset' ? (
                  <Link tag={RouterLink} to={`files/${encodeURIComponent(file.name)}`}>
                    {file.name}
                  </Link>
                ) : (
                  <Link href={file.url} isExternal>
                    {file.name}
                  </Link>
                )}
              </Td>
              <Td>{file.urlCount}</Td>
              <Td>{formatBytes(file.byteSize)}</Td>
              <Td>
                {file.share
                  ? `${formatPercent(file.share.urls)} / ${formatPercent(file.share.bytes)}`
                  : '—'}
              </Td>
              <Td>
                {file.lastmod
                  ? formatDate(file.lastmod, { dateStyle: 'medium', timeStyle: 'short' })
                  : '—'}
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    </Section>
  );
};
