'use strict';

module.exports = {
  register({ strapi }) {
    // The bench's `--images on`: articles with a cover image (a media field), as image sitemaps list.
    if (process.env.SITEMAP_BENCH_COVER === 'on')
      strapi.contentType('api::article.article').attributes.cover = {
        type: 'media',
        multiple: false,
        allowedTypes: ['images'],
      };
  },

  async bootstrap({ strapi }) {
    // i18n creates the default locale (en) itself; the tests also need fr.
    const locales = strapi.plugin('i18n').service('locales');
    if (!(await locales.findByCode('fr'))) {
      await locales.create({ code: 'fr', name: 'French (fr)' });
    }
    // An app registering its sitemap hook where the README says to, after work of its own that
    // takes a while (test/integration/app-bootstrap.test.ts).
    if (process.env.SITEMAP_TEST_APP_HOOK === 'slow-bootstrap') {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      strapi
        .plugin('sitemap')
        .service('hooks')
        .register({
          name: 'app-bootstrap',
          async *customUrls() {
            yield { url: '/from-the-app' };
          },
        });
    }
  },
};
