import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { seedReferenceData } from './db/seed';
import { seedDemo } from './demo-data';
import { buildApp } from './app';
import { EventHub } from './services/events';
import { liveSessionIds } from './plugins/auth';
import { RateLimits } from './plugins/rate-limit-store';
import {
  OutboxDispatcher,
  httpSmsAdapter,
  pickupFolderAdapter,
  recordOnlyAdapter,
  smtpAdapter,
} from './services/outbox';
import type { AppServices } from './services/app-services';
import { AccessLog } from './services/access-log';
import { startAuditPartitionJob } from './services/audit-partitions';
import { ReadCache } from './services/read-cache';
import { startVisitStatusJob, visitStatusJobInterval } from './modules/scheduling/visits/status-job';
import {
  credentialExpiryJobTime,
  startCredentialExpiryJob,
} from './modules/clinicians/credential-expiry/job';
import { notesOverdueJobInterval, startNotesOverdueJob } from './modules/notes/overdue/job';
import { startSurveyInvitationJob, surveyJobInterval } from './modules/reports/surveys/job';
import { reportRollupJobInterval, startReportRollupJob } from './modules/reports/rollups/job';
import { BroadcastDispatcher } from './modules/messaging/broadcast/worker';
import { dataKeys } from './lib/data-key';
import { resealBillingData } from './modules/billing/sealed-data';

export interface RunningServer {
  app: FastifyInstance;
  services: AppServices;
  url: string;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, and listens. Used by main and by the API tests alike. */
export async function startServer(config: AppConfig, existing?: Database): Promise<RunningServer> {
  // Before the database is touched: without a key it may use (PostgreSQL without DATA_KEY) the server stops here.
  const keys = dataKeys(config);
  const database =
    existing ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      reportsDatabaseUrl: config.reportsDatabaseUrl,
      appRole: config.databaseAppRole,
      dataDir: config.dataDir,
    }));
  try {
    await resealBillingData(database.db, keys);
    await seedReferenceData(database.db);
    if (config.seedDemoData) await seedDemo(database.db, config);
    const events = new EventHub();
    await events.start(database, {
      liveSessionIds: (ids) => liveSessionIds(database.db, ids),
      checkEveryMs: config.eventStreamCheckMs,
    });
    const otherwise = config.messagePickupDir
      ? pickupFolderAdapter(config.messagePickupDir)
      : recordOnlyAdapter;
    const outbox = new OutboxDispatcher(database.db, {
      email: config.smtpUrl ? smtpAdapter(config.smtpUrl, 'Carelane <no-reply@carelane.local>') : otherwise,
      sms: process.env.SMS_GATEWAY_URL ? httpSmsAdapter(process.env.SMS_GATEWAY_URL) : otherwise,
    });
    const readCache = new ReadCache(config.readCache);
    await readCache.start(database);
    const limits = new RateLimits(database.db, config.rateLimits);
    // The app's log once the app is built; until then the console.
    let log: { error: (details: object, message: string) => void } = {
      error: (details, message) => console.error(message, details),
    };
    const accessLog = new AccessLog(database.db, {
      flushEveryMs: 1000,
      batchSize: 500,
      onError: (error) => log.error({ err: error }, 'reads of patient data could not be recorded yet'),
      onDropped: (error, { at, userId, entity, entityId }) =>
        log.error(
          { err: error, entry: { at, userId, entity, entityId }, dropped: accessLog.dropped },
          'a read of patient data was dropped from the access log: the database refused what its entry held',
        ),
    });
    const services: AppServices = {
      config,
      database,
      db: database.db,
      reportsDb: database.reportsDb,
      events,
      outbox,
      readCache,
      limits,
      accessLog,
    };
    const app = await buildApp(services);
    log = app.log;
    accessLog.start();
    const stopAuditPartitionJob = startAuditPartitionJob(database.db, (error) =>
      app.log.error({ err: error }, 'audit log partition upkeep failed'),
    );
    await app.listen({ port: config.port, host: config.host });
    outbox.start();
    const broadcasts = new BroadcastDispatcher(database.db, config, config.broadcastIntervalMs, (error) =>
      app.log.error({ err: error }, 'broadcast job failed'),
    );
    broadcasts.start();
    limits.start();
    const stopVisitStatusJob = startVisitStatusJob(database.db, visitStatusJobInterval(), (error) =>
      app.log.error({ err: error }, 'visit status job failed'),
    );
    const stopCredentialExpiryJob = startCredentialExpiryJob(
      database.db,
      credentialExpiryJobTime(),
      (error) => app.log.error({ err: error }, 'credential expiry job failed'),
    );
    const stopNotesOverdueJob = startNotesOverdueJob(database.db, notesOverdueJobInterval(), (error) =>
      app.log.error({ err: error }, 'notes overdue job failed'),
    );
    const stopReportRollupJob = startReportRollupJob(database.db, reportRollupJobInterval(), (error) =>
      app.log.error({ err: error }, 'report rollup job failed'),
    );
    const stopSurveyJob = startSurveyInvitationJob(
      database.db,
      config.publicUrl,
      surveyJobInterval(),
      (error) => app.log.error({ err: error }, 'survey invitations job failed'),
    );
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      app,
      services,
      url: `http://127.0.0.1:${port}`,
      close() {
        closing ??= (async () => {
          await app.close();
          await accessLog.stop();
          stopAuditPartitionJob();
          limits.stop();
          await stopVisitStatusJob();
          await stopCredentialExpiryJob();
          await stopNotesOverdueJob();
          await stopSurveyJob();
          await stopReportRollupJob();
          await broadcasts.stop();
          await outbox.stop();
          await events.stop();
          await readCache.stop();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
