// The reports area's API (ARCHITECTURE mf-reports, issue 26): one plugin registering each feature's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { activityRoutes } from './activity/routes';
import { candidatesRoutes } from './candidates/routes';
import { churnRoutes } from './churn/routes';
import { dashboardRoutes } from './dashboard/routes';
import { funnelsRoutes } from './funnels/routes';
import { genericReportRoutes } from './generic-report/routes';
import { goalTrackerRoutes } from './goal-tracker/routes';
import { healthRoutes } from './health/routes';
import { nonCoveragesRoutes } from './non-coverages/routes';
import { supplyDemandRoutes } from './supply-demand/routes';
import { timeToStaffRoutes } from './time-to-staff/routes';
import { surveysRoutes } from './surveys/routes';
import { userActivityRoutes } from './user-activity/routes';

export const reportsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(dashboardRoutes, opts);
  await app.register(nonCoveragesRoutes, opts);
  await app.register(activityRoutes, opts);
  await app.register(timeToStaffRoutes, opts);
  await app.register(healthRoutes, opts);
  await app.register(surveysRoutes, opts);
  await app.register(userActivityRoutes, opts);
  await app.register(funnelsRoutes, opts);
  await app.register(genericReportRoutes, opts);
  await app.register(churnRoutes, opts);
  await app.register(goalTrackerRoutes, opts);
  await app.register(candidatesRoutes, opts);
  await app.register(supplyDemandRoutes, opts);
};
