/**
 * Two service processes on one new PostgreSQL database, as behind a load balancer, for the
 * multi-instance tests. They start at once: migrations and the demo seed take turns, one seeds.
 */
import { createPostgresDatabase } from '../database/test-database.test-helper';
import { TEMPLATE_ENV } from '../database/test-templates.global-setup';
import { startServiceProcess, type ServiceProcess } from './service-process';

export interface PostgresInstances {
  instances: [ServiceProcess, ServiceProcess];
  /** A token of the demo admin for the demo site. */
  token: string;
  /** Stops both and drops the database. */
  dispose(): Promise<void>;
}

/** `adminUrl`: TEST_DATABASE_URL. `env`: more environment for both services. */
export async function startPostgresInstances(
  adminUrl: string,
  env: Record<string, string> = {},
): Promise<PostgresInstances> {
  // A copy of the run's migrated template (test-templates.global-setup.ts) where there is one:
  // the instances' starts find no migration to run, only the demo seed (issue 36).
  const database = await createPostgresDatabase(adminUrl, process.env[TEMPLATE_ENV.postgres]);
  const instances = await Promise.all([
    startServiceProcess({ databaseUrl: database.url, env }),
    startServiceProcess({ databaseUrl: database.url, env }),
  ]);
  return {
    instances,
    token: await instances[0].issueToken('demo'),
    dispose: async () => {
      await Promise.all(instances.map((instance) => instance.dispose()));
      await database.drop();
    },
  };
}
