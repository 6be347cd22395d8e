/** A titled card of a plugin page; its title names the region for assistive technology. */
import * as React from 'react';
import { Box, Flex, Typography } from '@strapi/design-system';

interface SectionProps {
  title: string;
  description?: string;
  /** Shown above the content, on the right (the source badge of a section that is one setting). */
  action?: React.ReactNode;
  children: React.ReactNode;
}

export const Section = ({ title, description, action, children }: SectionProps) => (
  <Box
    tag="section"
    aria-label={title}
    background="neutral0"
    hasRadius
    shadow="tableShadow"
    padding={6}
    marginBottom={6}
  >
    <Typography variant="delta" tag="h2">
      {title}
    </Typography>
    {description && (
      <Typography tag="p" variant="pi" textColor="neutral600">
        {description}
      </Typography>
    )}
    <Box paddingTop={4}>
      {action && (
        <Flex justifyContent="flex-end" paddingBottom={2}>
          {action}
        </Flex>
      )}
      {children}
    </Box>
  </Box>
);
