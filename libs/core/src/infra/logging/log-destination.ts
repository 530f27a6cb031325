import type { DestinationStream } from 'pino';
import { build as prettyStream } from 'pino-pretty';
import type { AppConfig } from '../config/app-config';

/**
 * Where pino writes: with LOG_FORMAT 'pretty' (the default in development) one short line per entry
 * (time, level, context and message; request lines carry method, path, status and milliseconds),
 * so the demo logins printed at start stay in view; otherwise undefined, pino's JSON lines on stdout.
 */
export function logDestination(config: Pick<AppConfig, 'logFormat'>): DestinationStream | undefined {
  if (config.logFormat !== 'pretty') return undefined;
  return prettyStream({
    // In this thread, written at once: nothing is lost when the process exits right after a line.
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,context,req,res,responseTime',
    messageFormat: '{if context}{context}: {end}{msg}',
  });
}
