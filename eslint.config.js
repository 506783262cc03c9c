// Lint rules that keep the platform's boundaries: one Chakra and one router (only the facades in
// @admin/shared import them), one form library copy, no imports between apps, and none between the
// features inside an app.
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
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

function importRestrictions(self, { facade = false, boundaries = [] } = {}) {
  return ['error', { patterns: [...(facade ? [] : facadeOnly), ...otherApps(self), ...boundaries] }];
}

function restrictions(self, { facade = false } = {}) {
  return {
    'no-restricted-imports': importRestrictions(self, { facade }),
    'no-restricted-syntax': facade ? 'off' : ['error', dynamicImportOfFacadeLibraries],
  };
}

/**
 * Inside an app (docs/architecture.md): every folder under src/ is a feature, and a feature imports
 * only its own folder, the app's shared folders, src/i18n.ts and packages. The other src-root files
 * and the host's shell compose the features, so no feature imports them. Folders are read from
 * disk, so a new feature is kept apart without an edit here.
 */
// What every feature may import: the app's shared code and the test kit (host/src/test).
const SHARED_FOLDERS = ['common', 'test'];
// The host's signed-in frame: it composes the features (menu, top bar, user menu), like app.tsx.
const APP_LAYER_FOLDERS = ['shell'];
// The app's text namespace, registered at src root and used by every folder.
const SHARED_ROOT_MODULES = ['i18n'];
const SOURCE = /\.(ts|tsx)$/;

const entriesOf = (dir) => fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true });
const foldersIn = (dir) => entriesOf(dir).filter((entry) => entry.isDirectory() && entry.name !== 'locales');

/** Every folder at and below `dir`, with how many levels below src/ it sits (a feature's own folder: 1). */
function foldersFrom(dir, depth = 1) {
  return [{ dir, depth }, ...foldersIn(dir).flatMap((sub) => foldersFrom(`${dir}/${sub.name}`, depth + 1))];
}

/** Imports that climb `depth` folders to one of `names` (a folder or a src-root module). */
function climbingTo(depth, names, message) {
  return names.length === 0 ? [] : [{ regex: `^${'\\.\\./'.repeat(depth)}(${names.join('|')})(/|$)`, message }];
}

/** One block per folder of an app's features and shared code: the features its files may not import. */
function featureBoundaries(app) {
  const src = `${app}/src`;
  const folders = foldersIn(src).map((entry) => entry.name);
  const features = folders.filter((name) => !SHARED_FOLDERS.includes(name) && !APP_LAYER_FOLDERS.includes(name));
  const appLayer = [
    ...folders.filter((name) => APP_LAYER_FOLDERS.includes(name)),
    ...entriesOf(src)
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.includes('.test.'))
      .map((entry) => entry.name.replace(SOURCE, ''))
      .filter((name) => !SHARED_ROOT_MODULES.includes(name)),
  ];
  const composition = `${appLayer.join(', ')} put the features together; the features never import them (docs/architecture.md).`;
  const blocksFor = (folder, forbidden, message) =>
    foldersFrom(`${src}/${folder}`).map(({ dir, depth }) => ({
      files: [`${dir}/*.{ts,tsx}`],
      rules: {
        // This option replaces the app's own for these files, so it carries the facade and app patterns too.
        'no-restricted-imports': importRestrictions(app, {
          boundaries: [...climbingTo(depth, forbidden, message), ...climbingTo(depth, appLayer, composition)],
        }),
      },
    }));
  return [
    ...features.flatMap((feature) =>
      blocksFor(
        feature,
        features.filter((other) => other !== feature),
        `A feature imports no other feature: what several use goes in ${src}/common/ (docs/architecture.md).`,
      ),
    ),
    ...SHARED_FOLDERS.filter((name) => folders.includes(name)).flatMap((shared) =>
      blocksFor(shared, features, `${src}/${shared}/ serves every feature, so it imports none (docs/architecture.md).`),
    ),
  ];
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

/**
 * The modules of the API each module's code may import (api/src/modules/<area>/): a dependency is
 * added here on purpose, never by accident. The ledger is the ground floor of money: invoices,
 * payments and balances import it, so it imports no module.
 */
const API_MODULE_IMPORTS = {
  approvals: ['cheques', 'credit-notes', 'mail', 'payments'],
  audit: ['lookups'],
  auth: ['users'],
  cheques: ['approvals', 'customers', 'invoices', 'ledger', 'period-lock', 'settings'],
  collections: [],
  'credit-limits': [],
  'credit-notes': ['approvals', 'customers', 'dashboard', 'invoices', 'ledger', 'period-lock'],
  'customer-balances': ['customers', 'ledger'],
  customers: ['credit-limits'],
  dashboard: [],
  documents: ['auth', 'credit-notes', 'customers', 'invoices', 'mail', 'payments', 'receivables', 'settings'],
  health: [],
  invoices: ['cheques', 'credit-limits', 'customers', 'ledger', 'period-lock'],
  ledger: [],
  lookups: [],
  mail: [],
  metrics: [],
  payments: ['approvals', 'cheques', 'customers', 'ledger', 'period-lock'],
  'period-lock': [],
  platform: [],
  products: [],
  receivables: ['credit-limits', 'customers'],
  reminders: ['invoices'],
  'scheduled-invoices': ['invoices', 'period-lock'],
  settings: [],
  users: ['auth'],
};
/** What every module may import of the modules folder: the context routes get, the references check. */
const MODULE_COMMONS = ['./context.ts', './references.ts'];
/** The layers below the modules: they import none. */
const BELOW_MODULES = ['audit', 'db', 'http', 'lib', 'lists'];

function apiZones() {
  const modules = 'api/src/modules';
  const onDisk = foldersIn(modules).map((entry) => entry.name);
  const unlisted = onDisk.filter((name) => !(name in API_MODULE_IMPORTS));
  if (unlisted.length)
    throw new Error(`eslint.config.js: say what ${unlisted.join(', ')} may import in API_MODULE_IMPORTS`);
  return [
    ...Object.entries(API_MODULE_IMPORTS).map(([area, allowed]) => ({
      target: `${modules}/${area}`,
      from: modules,
      except: [`./${area}`, ...allowed.map((other) => `./${other}`), ...MODULE_COMMONS],
      message: allowed.length
        ? `The ${area} module imports only ${allowed.join(', ')} of the other modules (API_MODULE_IMPORTS in eslint.config.js, docs/architecture.md).`
        : `The ${area} module imports no other module (API_MODULE_IMPORTS in eslint.config.js, docs/architecture.md).`,
    })),
    ...BELOW_MODULES.map((layer) => ({
      target: `api/src/${layer}`,
      from: [modules, 'api/src/app.ts', 'api/src/main.ts', 'api/src/jobs', 'api/src/seed'],
      message: `api/src/${layer}/ is below the modules: it imports none of them, nor what puts them together (docs/architecture.md).`,
    })),
    {
      target: 'api/src/lists',
      from: ['api/src/http'],
      message: "The lists wing reads the database only; answering HTTP is http/'s (docs/architecture.md).",
    },
  ];
}

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
  // The API and the shared package read with their types: a promise nobody awaits (a write whose
  // failure would vanish), a promise where a callback returns nothing (Fastify hooks, timers), a
  // switch that forgets a case of a union. React's handlers may be async: React ignores what they
  // return, and each catches its own failures (attributes are not checked).
  {
    files: ['api/src/**/*.ts', 'shared/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
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
  // Inside each app: no feature imports another (after the blocks above, whose rule these extend).
  ...APPS.flatMap(featureBoundaries),
  { files: ['shared/**/*.{ts,tsx,js,mjs}'], rules: restrictions(undefined) },
  // The facades themselves are where those libraries are imported.
  {
    files: ['shared/src/ui/**/*.{ts,tsx}', 'shared/src/ui-kit/**/*.{ts,tsx}', 'shared/src/router/**/*.{ts,tsx}'],
    rules: restrictions(undefined, { facade: true }),
  },
  // No circle of imports, in the API and in every browser package: a file that imports one that
  // imports it back loads half-built (an undefined at start-up) and cannot be read on its own.
  // Resolved as TypeScript resolves, workspace packages included (@admin/shared's exports).
  {
    files: ['api/src/**/*.ts', '{host,shared,remote-*}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['api/tsconfig.json', 'tsconfig.web.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // The API's floors (docs/architecture.md): what each module may import besides its own folder,
  // context.ts, references.ts and the layers below, and those layers import no module. Tests
  // drive the whole app, so they may import from any floor.
  {
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones() }] },
  },
  // A route reads its user with signedInUser(request): a route left public by mistake is then a
  // 500 naming it, where `request.user!` would write as nobody.
  {
    files: ['api/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSNonNullExpression > MemberExpression.expression[property.name='user']",
          message: 'Read the signed-in user with signedInUser(request) (api/src/http/resource-routes.ts).',
        },
      ],
    },
  },
  // Every e2e spec runs on the kit's `test`, whose contexts record the toasts shown (e2e/support/test.ts).
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from '../support/test' (or '../support/signed-in'): its contexts record toasts.",
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
