// ESLint for the plugin: the recommended JavaScript and TypeScript rules, React hooks rules for the
// admin, Prettier for layout (eslint-config-prettier turns off the rules it owns), and a hard cap of
// 140 characters a line (Prettier's 100 wraps code; long strings stay whole).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'test/app/**', '.ci/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value left out on purpose (a field dropped by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { varsIgnorePattern: '^_', argsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts', 'admin/src/**/*.{ts,tsx}'],
    rules: {
      // Koa's context, Strapi's model metadata and raw query rows are untyped where the plugin
      // meets them: each `any` left stays visible as a warning rather than hidden by a cast.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['test/**/*.{ts,js}'],
    languageOptions: { globals: globals.node },
    rules: {
      // Tests read rows and responses as the database and the server give them.
      '@typescript-eslint/no-explicit-any': 'off',
      // The test app and its helpers load Strapi and the built plugin with require, as Strapi does.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // `const crypto = require('crypto')` is the module, not the Web Crypto global it shadows.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  prettier,
  {
    rules: {
      // A sentence an editor reads, or a row template, stays whole on its line so it can be found.
      'max-len': [
        'error',
        { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true },
      ],
    },
  }
);
