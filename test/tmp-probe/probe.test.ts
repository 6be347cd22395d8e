import { startTestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
it('probe', async () => {
  const app = await startTestStrapi({ pluginConfig: testConfig({ contentTypes: { 'api::category.category': { pattern: '/c/[slug]', priority: 0.5 } }, customUrls: [] }) });
  const t0 = Date.now();
  try {
    for (let i = 0; i < 200; i++) {
      const runs = await app.strapi.plugin('sitemap').service('runs').recent(5);
      if (runs.length && runs[0].status !== 'running') { console.log('run finished after', Date.now() - t0, 'ms', runs[0].status, runs[0].durationMs, runs[0].startedAt); break; }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally { await app.stop(); }
}, 60000);
