/** A cell of a settings grid: `col` of 12 columns wide, the whole row on small screens, its field stretched to fill it. */
import * as React from 'react';
import { Grid } from '@strapi/design-system';

export const SettingCell = ({
  col,
  children,
}: {
  col: 2 | 3 | 4 | 5 | 6 | 8 | 12;
  children: React.ReactNode;
}) => (
  <Grid.Item col={col} s={col < 12 ? 12 : undefined} direction="column" alignItems="stretch">
    {children}
  </Grid.Item>
);
