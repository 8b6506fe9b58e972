// An esbuild plugin that takes the code generation out of route registration in fastify's
// router (find-my-way). It compiles a function with `new Function` for every static tree
// node (its prefix match), every route (its params object) and every route's constraint
// matcher, at registration: for the master's 178 routes that was about 15 ms of a cold
// start under the profiler, and no code cache holds code made that way. Here the prefix
// match and the params object are plain closures, and the constraint matcher (which only
// routes with constraints ever call; JARVIS has none) is compiled on its first call.
// Each rewrite matches exactly what the original matched.

/** Each rewrite: the file it applies to, the exact text it replaces, and its replacement. */
export const ROUTER_REWRITES = [
  {
    file: 'lib/node.js',
    find: `  const lines = []
  for (let i = 1; i < prefix.length; i++) {
    const charCode = prefix.charCodeAt(i)
    lines.push(\`path.charCodeAt(i + \${i}) === \${charCode}\`)
  }
  return new Function('path', 'i', \`'use strict'\\nreturn \${lines.join(' && ')}\`) // eslint-disable-line`,
    // The first character is already matched by the lookup that picked this child.
    replace: `  const length = prefix.length
  return function matchPrefix (path, i) {
    for (let k = 1; k < length; k++) {
      if (path.charCodeAt(i + k) !== prefix.charCodeAt(k)) return false
    }
    return true
  }`,
  },
  {
    file: 'lib/handler-storage.js',
    find: `  _compileCreateParamsObject (params) {
    const fnBody = ["'use strict'"]

    // Parameter values arrive by position: the first four as arguments and
    // any further ones in the extraParams array. This mirrors how the
    // router's find() collects them without allocating an array.
    fnBody.push('const fn = function _createParamsObject (param0, param1, param2, param3, extraParams) {')

    fnBody.push('const params = new NullObject()')
    for (let i = 0; i < params.length; i++) {
      const value = i < 4 ? \`param\${i}\` : \`extraParams[\${i - 4}]\`
      fnBody.push(\`params[\${JSON.stringify(params[i])}] = \${value}\`)
    }
    fnBody.push('return params')
    fnBody.push('}')

    fnBody.push('return fn')

    return new Function('NullObject', fnBody.join('\\n'))(NullObject)  // eslint-disable-line
  }`,
    replace: `  _compileCreateParamsObject (params) {
    const count = params.length
    return function _createParamsObject (param0, param1, param2, param3, extraParams) {
      const object = new NullObject()
      if (count > 0) object[params[0]] = param0
      if (count > 1) object[params[1]] = param1
      if (count > 2) object[params[2]] = param2
      if (count > 3) object[params[3]] = param3
      for (let i = 4; i < count; i++) object[params[i]] = extraParams[i - 4]
      return object
    }
  }`,
  },
  {
    file: 'lib/handler-storage.js',
    find: `    if (!isMergedTree) {
      this._compileGetHandlerMatchingConstraints(constrainer, constraints)
    }`,
    // Compiled from the handlers present at the first lookup with derived constraints, which
    // are the ones the eager compile after the last registration would have seen.
    replace: `    if (!isMergedTree) {
      this._getHandlerMatchingConstraints = function compileOnFirstCall (derivedConstraints) {
        this._compileGetHandlerMatchingConstraints(constrainer, constraints)
        return this._getHandlerMatchingConstraints(derivedConstraints)
      }
    }`,
  },
];

/** `source` of find-my-way's `file` with its rewrites; throws when one no longer applies (find-my-way changed). */
export function rewriteRouterSource(file, source) {
  let out = source;
  for (const r of ROUTER_REWRITES.filter((x) => x.file === file)) {
    if (!out.includes(r.find)) throw new Error(`router-without-eval: find-my-way's ${file} no longer has the code this rewrites`);
    out = out.replace(r.find, () => r.replace);
  }
  return out;
}

const FILES = new Set(ROUTER_REWRITES.map((r) => r.file));

export function routerWithoutEvalPlugin({ readFile }) {
  return {
    name: 'router-without-eval',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/][\w-]+\.js$/ }, (args) => {
        const file = args.path.replace(/\\/g, '/').replace(/^.*\/find-my-way\//, '');
        if (!FILES.has(file)) return undefined;
        return { contents: rewriteRouterSource(file, readFile(args.path)), loader: 'js' };
      });
    },
  };
}
