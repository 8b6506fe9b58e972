// ESLint for the renderer: the TypeScript rules and the React hooks rules (a hook called
// conditionally or with missing dependencies is a bug the type check does not see).
// `npm test` runs it; scripts/eslint.int.test.ts proves each rule with a planted violation.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'src-renderer/src/generated/**'] },
  {
    files: ['src-renderer/src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `const { [name]: _removed, ...rest } = o` is how an entry leaves an object.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A timer set after the cleanup that clears it was declared is read before it is assigned.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
);
