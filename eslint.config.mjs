import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'openapi.json', '**/*.js', '**/*.mjs'] },
  // Stryker's sandboxes (npm run test:mutation), left behind when a run is interrupted.
  { ignores: ['.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One persistence path: adapters reach the database through activeManager(), which joins the unit of work's
    // transaction; the data source's own manager, repositories, queries or transactions would silently not.
    files: ['src/**/infrastructure/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.property.name='db']" +
            "[property.name=/^(getRepository|query|manager|transaction|createQueryBuilder|createQueryRunner)$/]",
          message: 'Go through activeManager(this.db) (src/database/typeorm-unit-of-work.ts), or the transaction is skipped.',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
);
