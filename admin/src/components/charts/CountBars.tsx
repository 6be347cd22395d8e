/**
 * Counts as horizontal bars (URLs per content type and locale), drawn for people who would rather
 * look than read. The picture is one image for screen readers, named by the same numbers in words;
 * the table beside it holds them too.
 */
import { Box, Flex, Typography } from '@strapi/design-system';

export interface Bar {
  label: string;
  value: number;
}

export const CountBars = ({ bars, label }: { bars: Bar[]; label: string }) => {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const words = bars.map((bar) => `${bar.label}: ${bar.value}`).join(', ');
  return (
    <Box role="img" aria-label={`${label}. ${words}`} paddingBottom={4}>
      {bars.map((bar) => (
        <Flex key={bar.label} gap={3} paddingBottom={1} aria-hidden="true">
          <Box style={{ width: '30%' }}>
            <Typography variant="pi" ellipsis>
              {bar.label}
            </Typography>
          </Box>
          <Box style={{ flex: 1 }}>
            <Box
              background="primary500"
              hasRadius
              style={{ height: 12, width: `${Math.max(1, (bar.value / largest) * 100)}%` }}
            />
          </Box>
          <Box style={{ width: '10%', textAlign: 'right' }}>
            <Typography variant="pi">{bar.value}</Typography>
          </Box>
        </Flex>
      ))}
    </Box>
  );
};
