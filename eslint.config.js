import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import pluginLingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { layerConfigs } from './eslint.layers.js'

const noDateArithmetic = {
  selector: "NewExpression[callee.name='Date']",
  message: 'Use Temporal in the tenant time zone, never Date arithmetic.',
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'build/',
      'node_modules/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', noDateArithmetic],
      'no-restricted-properties': [
        'error',
        { object: 'localStorage', property: 'setItem', message: 'Only through src/app/browser/storage.ts.' },
      ],
    },
  },
  {
    // Every machine's effects are given in one place: a component takes its machine from src/app/effects/
    // (e.g. `reviewFormWithEffects(sessions, ...)`), never calls `.provide(...)` itself.
    files: ['src/components/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noDateArithmetic,
        {
          selector: "CallExpression[callee.property.name='provide']",
          message:
            "A machine's effects are given in src/app/effects/ (a `*WithEffects` function there), not inline in a component.",
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
    ...pluginLingui.configs['flat/recommended'],
  },
  {
    // UI text must go through Lingui: JSX text and user-facing attributes in the portal's components.
    files: ['src/routes/**/*.tsx', 'src/components/**/*.tsx', 'src/app/**/*.tsx', 'src/content/**/*.tsx'],
    plugins: { lingui: pluginLingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^[^A-Za-zÅÄÖåäö]*$'],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'styleName',
            'src',
            'srcSet',
            'type',
            'id',
            'to',
            'href',
            'key',
            'name',
            'role',
            'width',
            'height',
            'displayName',
            'autoComplete',
            'inputMode',
            'method',
            'lang',
          ],
          ignoreFunctions: [
            'Error',
            'console.*',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            'navigate',
            'redirect',
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has'],
        },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
  },
  ...layerConfigs,
  {
    files: ['tests/**/*.{ts,tsx}', '*.config.{ts,js}', 'sw/build.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
