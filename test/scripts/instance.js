'use strict';
/**
 * One Strapi instance of the test app in its own process, for the multi-instance test:
 * boots on the database named by the environment, optionally seeds published categories,
 * listens on an ephemeral port and prints `READY <port>` on stdout.
 */
const path = require('path');
const { createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '../app');

async function seedCategories(strapi, count) {
  const now = new Date();
  for (let start = 0; start < count; start += 400) {
    const data = [];
    for (let i = start; i < Math.min(count, start + 400); i++) {
      const id = `seed${String(i).padStart(20, '0')}`;
      data.push({
        documentId: id,
        name: `Category ${i}`,
        slug: `category-${i}`,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    await strapi.db.query('api::category.category').createMany({ data });
  }
}

async function main() {
  const strapi = await createStrapi({
    appDir,
    distDir: appDir,
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  if (process.env.SEED_CATEGORIES)
    await seedCategories(strapi, Number(process.env.SEED_CATEGORIES));
  await new Promise((resolve) => strapi.server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(
    `READY ${strapi.server.httpServer.address().port} ${strapi.plugin('sitemap').service('lease').owner}\n`
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
