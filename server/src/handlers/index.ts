// Every operation of the contract (openapi/), one file per tag. RouteHandlers makes a missing one a type
// error, and tests/api/contract.test.ts checks the document itself.
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { attachmentsHandlers } from './attachments.ts';
import { auditHandlers } from './audit.ts';
import { authHandlers } from './auth.ts';
import { caseRecordHandlers } from './case-record.ts';
import { casesHandlers } from './cases.ts';
import { eventsHandlers } from './events.ts';
import { healthHandlers } from './health.ts';
import { insightsHandlers } from './insights.ts';
import { meHandlers } from './me.ts';
import { notificationsHandlers } from './notifications.ts';
import { organisationHandlers } from './organisation.ts';
import { publicHandlers } from './public.ts';
import { schedulesHandlers } from './schedules.ts';
import { specialtiesHandlers } from './specialties.ts';
import { triageHandlers } from './triage.ts';
import { usersHandlers } from './users.ts';

export const handlers: RouteHandlers = {
  ...publicHandlers,
  ...authHandlers,
  ...meHandlers,
  ...usersHandlers,
  ...specialtiesHandlers,
  ...healthHandlers,
  ...organisationHandlers,
  // Cases and everything around them.
  ...casesHandlers,
  ...caseRecordHandlers,
  ...triageHandlers,
  ...attachmentsHandlers,
  ...notificationsHandlers,
  ...eventsHandlers,
  ...auditHandlers,
  ...schedulesHandlers,
  // Figures over ranges of days.
  ...insightsHandlers,
};
