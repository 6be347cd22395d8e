/**
 * How the `pg` driver parses a run's rows: as Strapi's PostgreSQL dialect sets the driver up
 * (`date` and `jsonb` left as text, `numeric` as a float), with `timestamp` values parsed by hand
 * (core/reading/pg-timestamp). Given per query, so a driver Strapi did not set up (the run's
 * Worker loads its own) reads the same values.
 */
import { parseLocalTimestamp, PG_TIMESTAMP_OID } from './pg-timestamp';

export type PgTypes = {
  getTypeParser(oid: number, format?: string): (text: string) => unknown;
};

const PG_DATE_OID = 1082;
const PG_NUMERIC_OID = 1700;
const PG_JSONB_OID = 3802;

const asText = (text: string) => text;

export function pgRowTypes(types: PgTypes): PgTypes {
  const driverTimestamp = types.getTypeParser(PG_TIMESTAMP_OID, 'text');
  const timestamp = (text: string) => parseLocalTimestamp(text) ?? driverTimestamp(text);
  const byOid = new Map<number, (text: string) => unknown>([
    [PG_TIMESTAMP_OID, timestamp],
    [PG_DATE_OID, asText],
    [PG_JSONB_OID, asText],
    [PG_NUMERIC_OID, parseFloat],
  ]);
  return {
    getTypeParser: (oid, format) =>
      (format !== 'binary' && byOid.get(oid)) || types.getTypeParser(oid, format),
  };
}
