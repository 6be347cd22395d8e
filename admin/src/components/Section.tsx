/** A titled card of a plugin page; its title names the region for assistive technology. */
import * as React from 'react';
import { Box, Typography } from '@strapi/design-system';

interface SectionProps {
  title: string;
  description?: string;
  children: React.ReactNode;
}

export const Section = ({ title, description, children }: SectionProps) => (
  <Box tag="section" aria-label={title} background="neutral0" hasRadius shadow="tableShadow" padding={6} marginBottom={6}>
    <Typography variant="delta" tag="h2">
      {title}
    </Typography>
    {description && (
      <Typography tag="p" variant="pi" textColor="neutral600">
        {description}
      </Typography>
    )}
    <Box paddingTop={4}>{children}</Box>
  </Box>
);
