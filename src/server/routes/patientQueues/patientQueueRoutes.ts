import type { FastifyInstance } from 'fastify';
import { exportOnboardingRoute } from './exportOnboarding';

/** The queues' bespoke routes: the enrollment export. The queues themselves are patients lists (resource engine). */
export async function patientQueueRoutes(app: FastifyInstance) {
  await app.register(exportOnboardingRoute);
}
