'use strict';

const path = require('path');

module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  const connections = {
    sqlite: {
      connection: {
        filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      // The README's SQLite tip, measured by the bench's --sqlite-mmap: reads through a memory map.
      ...(env('DATABASE_SQLITE_MMAP_SIZE')
        ? {
            pool: {
              afterCreate(connection, done) {
                connection.pragma(`mmap_size = ${env.int('DATABASE_SQLITE_MMAP_SIZE')}`);
                done(null, connection);
              },
            },
          }
        : {}),
    },
    postgres: {
      connection: {
        host: '127.0.0.1',
        port: 5432,
        user: 'postgres',
        password: '',
        database: env('DATABASE_NAME', 'sitemap_test'),
      },
    },
    mysql: {
      connection: {
        host: '127.0.0.1',
        port: 3306,
        user: 'root',
        password: '',
        database: env('DATABASE_NAME', 'sitemap_test'),
      },
      // knex warns about every DDL statement Strapi's schema sync runs in a transaction (knex #805).
      log: {
        warn: (message) => {
          if (!String(message).includes('implicitly committed')) console.warn(message);
        },
      },
    },
  };
  if (!connections[client]) {
    throw new Error(`DATABASE_CLIENT must be sqlite, postgres or mysql, got "${client}"`);
  }
  return { connection: { client, ...connections[client] } };
};
