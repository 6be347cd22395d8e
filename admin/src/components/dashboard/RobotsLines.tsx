/** robots.txt lines to paste, with a button that copies them. */
import { Box, Button, Typography } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';

export const RobotsLines = ({
  lines,
  onCopy,
}: {
  lines: string[];
  onCopy: (lines: string[]) => void;
}) => {
  const { t } = useTranslate();
  return (
    <>
      <Box padding={3} marginTop={3} marginBottom={3} background="neutral100" hasRadius>
        <Typography tag="pre">{lines.join('\n')}</Typography>
      </Box>
      <Button variant="secondary" onClick={() => onCopy(lines)}>
        {t('dashboard.robots.copy', 'Copy')}
      </Button>
    </>
  );
};
