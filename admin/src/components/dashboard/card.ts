/** Every card of the dashboard takes the status and shows nothing when it has nothing to say. */
import type * as React from 'react';
import type { StatusResponse } from '#sitemap/shared';

export type DashboardCard = (props: { status: StatusResponse }) => React.ReactElement | null;
