/**
 * How the run's Worker has `mysql2` cast a read's values: as Strapi's MySQL dialect sets up its
 * pool (decimals as numbers, `tinyint(1)` as booleans, `date` as text; the rest as the driver
 * does). The dialect's setting is a function, which cannot cross to a Worker, so the Worker gives
 * this one with its query.
 */

/** What is used of the field `mysql2` hands a type cast. */
export interface MysqlField {
  type: string;
  length: number;
  string(): string | null;
}

export function mysqlTypeCast(field: MysqlField, next: () => unknown): unknown {
  switch (field.type) {
    case 'DECIMAL':
    case 'NEWDECIMAL': {
      const text = field.string();
      return text === null ? null : Number(text);
    }
    case 'DATE':
      return field.string();
    case 'TINY':
      if (field.length !== 1) return next();
      {
        const text = field.string();
        return text ? text === '1' : null;
      }
    default:
      return next();
  }
}
