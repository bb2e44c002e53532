import { badRequest } from './app-error';
import { isValidTimeZone } from '../lib/time';

const UNKNOWN_ZONE = 'Unknown time zone';

/** `tz` when this runtime knows it as an IANA time zone (a query's days are days there); otherwise a 400 on `timezone`. */
export function knownTimeZone(tz: string): string {
  if (!isValidTimeZone(tz)) throw badRequest(UNKNOWN_ZONE, { timezone: [UNKNOWN_ZONE] });
  return tz;
}
