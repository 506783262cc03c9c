// Lint rules that keep the platform's boundaries: one Chakra and one router (only the facades in
// @admin/shared import them), one form library copy, and no imports between apps.
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const facadeOnly = [
  {
    group: ['@chakra-ui/*', '@ark-ui/*', '@zag-js/*'],
    message:
      "Import UI components from '@admin/shared/ui' or '@admin/shared/ui-kit': a direct import bundles a second Chakra without its provider.",
  },
  {
    group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
    message: "Import routing from '@admin/shared/router': the page has one router instance.",
  },
  {
    group: ['react-hook-form', '@hookform/*'],
    message:
      "Use useSchemaForm and the form exports of '@admin/shared/ui' and '@admin/shared/ui-kit': the page has one copy of the form library.",
  },
];

const APPS = ['host', 'remote-masters', 'remote-sales', 'remote-payments'];

/** Another app's code, by package name or by a relative path into its folder. */
function otherApps(self) {
  return APPS.filter((app) => app !== self).map((app) => ({
    regex: `^(\\.\\.?/)*(.*/)?${app}(/.*)?$`,
    message: `${self ?? '@admin/shared'} must not import ${app}: apps are deployed apart and share only through @admin/shared.`,
  }));
}

const dynamicImportOfFacadeLibraries = {
  selector:
    'ImportExpression[source.value=/^(@chakra-ui|@ark-ui|@zag-js|react-router|react-hook-form|@hookform)(\\/|$)/]',
  message:
    "Load UI, routing and form code through '@admin/shared/ui', '@admin/shared/ui-kit' and '@admin/shared/router'.",
};

function restrictions(self, { facade = false } = {}) {
  return {
    'no-restricted-imports': ['error', { patterns: [...(facade ? [] : facadeOnly), ...otherApps(self)] }],
    'no-restricted-syntax': facade ? 'off' : ['error', dynamicImportOfFacadeLibraries],
  };
}

/**
 * What staff read comes from the text catalogues (locales/en.json, ar.json), never from a literal:
 * JSX text and the attributes a person sees or hears, and, outside JSX, toasts and the texts of
 * menus, columns and dialogs given as properties. A catalogue key is lower-case with dots
 * ('customers.add'), so a literal starting with a capital or holding a space is a text.
 */
const TEXT = '/^[A-Z]|\\s/';
const TEXTS_SEVERITY = 'error';
const userVisibleLiterals = (facade) => ({
  'i18next/no-literal-string': [
    TEXTS_SEVERITY,
    {
      mode: 'jsx-only',
      'jsx-attributes': {
        include: ['aria-label', 'placeholder', 'title', 'label', 'alt', 'heading', 'description', 'emptyText'],
      },
    },
  ],
  // One rule: this list replaces restrictions()'s for the same files, so it carries its selector.
  'no-restricted-syntax': [
    TEXTS_SEVERITY,
    ...(facade ? [] : [dynamicImportOfFacadeLibraries]),
    {
      selector: `CallExpression[callee.name=/^(notifySuccess|notifyError)$/] > Literal[value=${TEXT}]`,
      message: "A toast says a catalogue text: notifySuccess(t('…')).",
    },
    {
      selector: `Property[key.name=/^(label|title|header|heading|emptyText|placeholder|description|question|confirmLabel|submitLabel)$/] > Literal[value=${TEXT}]`,
      message: "A text staff read comes from the catalogues: give a catalogue key or t('…').",
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'releases/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'api/drizzle/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // React: hooks by their rules and with every dependency named; markup a screen reader can use.
  // The React Compiler's own checks are left out: the product is not compiled by it (docs/decisions.md).
  {
    files: ['{host,shared,remote-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['{host,shared,remote-*}/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // One way to name a file: kebab-case, whatever it holds ('customers-page.tsx', 'money.test.ts').
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  // Every app and the shared package: facades only, no app-to-app imports.
  ...APPS.map((app) => ({ files: [`${app}/**/*.{ts,tsx,js,mjs}`], rules: restrictions(app) })),
  { files: ['shared/**/*.{ts,tsx,js,mjs}'], rules: restrictions(undefined) },
  // The facades themselves are where those libraries are imported.
  {
    files: ['shared/src/ui/**/*.{ts,tsx}', 'shared/src/ui-kit/**/*.{ts,tsx}', 'shared/src/router/**/*.{ts,tsx}'],
    rules: restrictions(undefined, { facade: true }),
  },
  // The API's ledger is the ground floor of money (docs/architecture.md): invoices, payments and
  // balances import it, so it may import no module (../<area>/…), only the layers below (../../…).
  {
    files: ['api/src/modules/ledger/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^.]',
              message: 'The ledger imports no API module: they import it (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // Texts staff read (after the blocks above: this rule list replaces theirs for the same files).
  {
    // The standalone dev shells (remote-*/src/standalone.tsx, shared/src/standalone) are a team's
    // development tool, never released to staff.
    files: ['host/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'remote-*/src/standalone.tsx'],
    plugins: { i18next },
    rules: userVisibleLiterals(false),
  },
  {
    files: ['shared/src/ui/**/*.{ts,tsx}', 'shared/src/ui-kit/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { i18next },
    rules: userVisibleLiterals(true),
  },
);
