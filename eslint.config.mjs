// ESLint for the plugin: the recommended JavaScript and TypeScript rules, React hooks rules for the
// admin, Prettier for layout (eslint-config-prettier turns off the rules it owns), and a hard cap of
// 140 characters a line, which Prettier's 100 leaves room for in strings and comments only.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'test/app/**', '.ci/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
  {
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true }],
    },
  }
);
