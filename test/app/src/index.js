'use strict';

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    // i18n creates the default locale (en) itself; the tests also need fr.
    const locales = strapi.plugin('i18n').service('locales');
    if (!(await locales.findByCode('fr'))) {
      await locales.create({ code: 'fr', name: 'French (fr)' });
    }
  },
};
