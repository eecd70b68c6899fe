// Type-aware lint for every workspace; the formatter owns layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const RAW_FETCH =
  'Call the engine through the shared client (createEngineClient from @keyfob/shared/client; in the CLI clientFromFlags), not fetch.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
      '.tmp/**',
      'extension/.vscode-test/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Every engine call goes through the shared engine client (@keyfob/shared/client), which carries the
    // token header, namespace, CA, proxy, retries and secret redaction. Only the client and the places
    // that hand it a fetch (the CLI's connection, the action's deps and network) name the global fetch;
    // tests, their helpers and benches may speak raw HTTP on purpose.
    files: ['{cli,engine,action,extension,shared}/src/**/*.ts'],
    ignores: ['shared/src/client/**', 'cli/src/connection.ts', 'action/src/deps.ts', 'action/src/network.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: RAW_FETCH }],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].map((object) => ({ object, property: 'fetch', message: RAW_FETCH })),
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
