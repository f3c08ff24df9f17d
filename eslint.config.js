import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code is split by where it runs (STYLE.md): shared imports neither side; server and web never
// import each other. The rule resolves each relative import and checks the folder it lands in.
const root = path.dirname(fileURLToPath(import.meta.url));
const sides = ['shared', 'server', 'web'];
const allowed = { shared: ['shared'], server: ['shared', 'server'], web: ['shared', 'web'] };
const sideOf = (file) => {
  const rel = path.relative(path.join(root, 'src'), file).split(path.sep);
  return rel.length > 1 && sides.includes(rel[0]) ? rel[0] : undefined;
};
const boundaries = {
  rules: {
    'import-direction': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = sideOf(context.filename);
        const check = (node) => {
          const source = node.source?.value;
          if (!from || typeof source !== 'string') return;
          const target = source.startsWith('~/')
            ? path.join(root, 'src/web', source.slice(2))
            : source.startsWith('.')
              ? path.resolve(path.dirname(context.filename), source)
              : undefined;
          const to = target && sideOf(target);
          if (to && !allowed[from].includes(to)) {
            context.report({ node, message: `src/${from} must not import src/${to} (STYLE.md).` });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'build-*/',
      'build/',
      'node_modules/',
      '.react-router/',
      'drizzle/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/import-direction': 'error' },
  },
);
