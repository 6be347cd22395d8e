'use strict';
/**
 * `npm run demo`: the test app on SQLite with the plugin, seeded with content, an admin account
 * and its first sitemap; prints the admin and sitemap URLs. Ctrl+C stops it.
 */
const fs = require('fs');
const path = require('path');
const { ensureAdminBuild } = require('./admin-build');

const appDir = path.resolve(__dirname, '../app');
const port = Number(process.env.PORT || 1337);
const ADMIN = {
  email: 'admin@example.com',
  password: 'Sitemap-Demo-2026',
  firstname: 'Demo',
  lastname: 'Admin',
};

process.env.STRAPI_TELEMETRY_DISABLED = 'true';
process.env.DATABASE_CLIENT = process.env.DATABASE_CLIENT || 'sqlite';
process.env.DATABASE_FILENAME = process.env.DATABASE_FILENAME || path.join(appDir, '.tmp/demo.db');
process.env.PORT = String(port);
process.env.HOST = process.env.HOST || '127.0.0.1';
process.env.PUBLIC_URL = process.env.PUBLIC_URL || `http://localhost:${port}`;

async function seed(strapi) {
  const categories = strapi.documents('api::category.category');
  const articles = strapi.documents('api::article.article');
  if ((await categories.count({})) > 0) return false;
  const created = [];
  for (const [name, slug] of [
    ['News', 'news'],
    ['Guides', 'guides'],
    ['Café & Culture', 'café-culture'],
  ]) {
    const category = await categories.create({ data: { name, slug } });
    await categories.publish({ documentId: category.documentId });
    created.push(category);
  }
  for (let i = 1; i <= 24; i++) {
    const category = created[i % created.length];
    const article = await articles.create({
      locale: 'en',
      data: {
        title: `Article ${i}`,
        slug: `article-${i}`,
        category: category.documentId,
        noindex: i === 7,
        publishDate: '2026-11-01',
      },
    });
    if (i % 2 === 0) {
      await articles.update({
        documentId: article.documentId,
        locale: 'fr',
        data: {
          title: `Article ${i} (fr)`,
          slug: `article-${i}-fr`,
          category: category.documentId,
        },
      });
    }
    // Article 24 stays a draft: it must not be listed.
    if (i !== 24) await articles.publish({ documentId: article.documentId, locale: '*' });
  }
  const homepage = strapi.documents('api::homepage.homepage');
  await homepage.update({ locale: 'en', data: { title: 'Welcome' } });
  await homepage.update({ locale: 'fr', data: { title: 'Bienvenue' } });
  await homepage.publish({ locale: '*' });
  return true;
}

async function ensureAdmin(strapi) {
  if (await strapi.service('admin::user').exists()) return;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await strapi
    .service('admin::user')
    .create({ ...ADMIN, registrationToken: null, isActive: true, roles: [superAdmin.id] });
}

async function main() {
  ensureAdminBuild();
  fs.mkdirSync(path.join(appDir, 'public/uploads'), { recursive: true });
  const { createStrapi } = require('@strapi/strapi');
  const strapi = await createStrapi({ appDir, distDir: appDir, autoReload: false }).load();
  const seeded = await seed(strapi);
  await ensureAdmin(strapi);
  await strapi.listen();
  const result = await strapi
    .plugin('sitemap')
    .service('generator')
    .generate(seeded ? 'script' : 'manual');
  const base = (await strapi.plugin('sitemap').service('settings').plan()).publicUrl;
  console.log(`
  Sitemap demo is running (${result.urlCount} URLs, run ${result.status}).
  Admin panel:    http://localhost:${port}/admin   (${ADMIN.email} / ${ADMIN.password})
  Sitemap index:  ${base}/index.xml
  For visitors:   ${base}/plan.html   (JSON: ${base}/plan.json?locale=fr)
  Status (API):   GET http://localhost:${port}/sitemap/status with an admin token
  Stop with Ctrl+C.
`);
  const stop = async () => {
    await strapi.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
