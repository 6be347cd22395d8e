// The admin offers French besides English, so the plugin's French translations can be checked.
export default {
  config: { locales: ['fr'] },
  bootstrap() {},
};
