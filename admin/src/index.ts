import { Earth } from '@strapi/icons';
import type { StrapiApp } from '@strapi/strapi/admin';
import { EditViewSidePanel, type EditViewPanelProps } from './components/EditViewSidePanel';
import { PLUGIN_ID } from './pluginId';
import { PERMISSIONS } from './permissions';
import { prefixTranslations } from './utils/translations';

export default {
  register(app: StrapiApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: Earth,
      intlLabel: { id: `${PLUGIN_ID}.plugin.name`, defaultMessage: 'Sitemap' },
      permissions: PERMISSIONS.read,
      Component: () => import('./pages/App'),
    });
    app.addSettingsLink(
      { id: PLUGIN_ID, intlLabel: { id: `${PLUGIN_ID}.plugin.name`, defaultMessage: 'Sitemap' } },
      {
        id: `${PLUGIN_ID}-settings`,
        to: PLUGIN_ID,
        intlLabel: { id: `${PLUGIN_ID}.settings.link`, defaultMessage: 'Settings' },
        permissions: PERMISSIONS.read,
        Component: () => import('./pages/Settings'),
      }
    );
    app.registerPlugin({ id: PLUGIN_ID, name: PLUGIN_ID });
  },

  bootstrap(app: Pick<StrapiApp, 'getPlugin'>) {
    // The content manager's plugin API is typed as unknown by the admin; this is the one call used.
    const contentManager = app.getPlugin('content-manager').apis as {
      addEditViewSidePanel(
        panels: Array<(props: EditViewPanelProps) => ReturnType<typeof EditViewSidePanel>>
      ): void;
    };
    contentManager.addEditViewSidePanel([EditViewSidePanel]);
  },

  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        try {
          const { default: data } = await import(`./translations/${locale}.json`);
          return { data: prefixTranslations(data), locale };
        } catch {
          return { data: {}, locale };
        }
      })
    );
  },
};
