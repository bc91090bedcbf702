// Last resorts for a provider process: a database error nobody caught is logged and survived; anything else ends it.
import { isConnectionFailure, isConnectionLoss } from '../db/pg-database';
import { DatabaseUnavailableError } from '../db/database';
import { flushLog, log } from './log';

const isDatabaseError = (error: unknown) =>
  error instanceof DatabaseUnavailableError || isConnectionLoss(error) || isConnectionFailure(error);

function onUncaught(kind: string) {
  return (error: unknown) => {
    if (isDatabaseError(error)) {
      // A connection the code forgot to listen to went away: the pool and the outage probe recover from it.
      log.warn({ event: 'database_error_uncaught', error: String(error) }, `${kind} from the database: carrying on`);
      return;
    }
    log.error({ event: 'fatal', err: error }, `${kind}: the process stops`);
    void flushLog().finally(() => process.exit(1));
  };
}

export function guardProcess(): void {
  process.on('uncaughtException', onUncaught('Uncaught exception'));
  process.on('unhandledRejection', onUncaught('Unhandled rejection'));
}
