// Which exports a remote build reads from each shared module (React, the UI facades…), found in
// its built code: a name the running host's copy lacks is undefined at run time and breaks a page
// only when it renders, which no load check sees. Rspack compiles `import { Button } from
// '@admin/shared/ui'` to `var n = require("<consume id>")` and `n.Button`; the remote entry maps
// each consume id to its share key.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { listFiles } from '../layout.mjs';

/** @param {string} file */
const parse = (file) =>
  ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);

/** @param {ts.PropertyName} name */
const keyText = (name) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;

/**
 * The remote entry's `moduleIdToConsumeDataMapping`: consume module id -> share key.
 * @param {ts.SourceFile} entry
 */
function consumeIds(entry) {
  /** @type {Map<string, string>} */
  const ids = new Map();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      keyText(node.name) === 'moduleIdToConsumeDataMapping' &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const consume of node.initializer.properties) {
        if (!ts.isPropertyAssignment(consume) || !ts.isObjectLiteralExpression(consume.initializer)) continue;
        const shareKey = consume.initializer.properties.find((p) => p.name && keyText(p.name) === 'shareKey');
        const id = keyText(consume.name);
        if (
          id !== undefined &&
          shareKey &&
          ts.isPropertyAssignment(shareKey) &&
          ts.isStringLiteral(shareKey.initializer)
        ) {
          ids.set(id, shareKey.initializer.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(entry);
  return ids;
}

/** @param {ts.BindingName} name @param {string[]} into */
function bindingNames(name, into) {
  if (ts.isIdentifier(name)) into.push(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
  return into;
}

/**
 * The share key a declaration binds (`n = require("<consume id>")`), or null: it shadows.
 * @param {ts.VariableDeclaration} declaration
 * @param {Map<string, string>} ids
 */
function boundShareKey(declaration, ids) {
  const init = declaration.initializer;
  return init ? (requiredShareKey(init, ids) ?? null) : null;
}

/**
 * The share key `require("<consume id>")` loads, or undefined for any other expression. The
 * bundle's require is a bare name; a method such as the chunk loader `n.e("h")` takes ids of
 * another kind (chunks), which may spell the same as a consume id.
 * @param {ts.Expression} node
 * @param {Map<string, string>} ids
 */
function requiredShareKey(node, ids) {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.arguments.length !== 1) return undefined;
  const [argument] = node.arguments;
  return argument && (ts.isStringLiteral(argument) || ts.isNumericLiteral(argument))
    ? ids.get(argument.text)
    : undefined;
}

/**
 * The names a scope declares, each with the share key it binds or null. A function scope holds
 * its parameters and every `var` and function inside it short of nested functions; a block its
 * own let, const, class and function declarations.
 * @param {ts.Node} scope
 * @param {Map<string, string>} ids
 */
function declarations(scope, ids) {
  /** @type {Map<string, string | null>} */
  const names = new Map();
  /** @param {ts.VariableDeclarationList} list */
  const addList = (list) => {
    for (const d of list.declarations)
      for (const n of bindingNames(d.name, [])) names.set(n, ts.isIdentifier(d.name) ? boundShareKey(d, ids) : null);
  };
  const isFunction = ts.isFunctionLike(scope);
  if (isFunction)
    for (const p of /** @type {ts.SignatureDeclaration} */ (scope).parameters)
      for (const n of bindingNames(p.name, [])) names.set(n, null);
  if ((ts.isFunctionExpression(scope) || ts.isClassExpression(scope)) && scope.name) names.set(scope.name.text, null);
  if (ts.isCatchClause(scope) && scope.variableDeclaration)
    for (const n of bindingNames(scope.variableDeclaration.name, [])) names.set(n, null);
  if (
    (ts.isForStatement(scope) || ts.isForInStatement(scope) || ts.isForOfStatement(scope)) &&
    scope.initializer &&
    ts.isVariableDeclarationList(scope.initializer)
  ) {
    addList(scope.initializer);
  }
  const body = isFunction ? /** @type {ts.FunctionLikeDeclaration} */ (scope).body : scope;
  if (!body) return names;
  const blockScoped = (/** @type {ts.Node} */ node) =>
    ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock(node) || ts.isCaseBlock(node);
  // Declarations directly in this block (or the function's body block).
  const statements = ts.isCaseBlock(body)
    ? body.clauses.flatMap((c) => [...c.statements])
    : blockScoped(body)
      ? [.../** @type {ts.Block} */ (body).statements]
      : [];
  for (const statement of statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.BlockScoped)
      addList(statement.declarationList);
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.set(statement.name.text, null);
  }
  if (isFunction || ts.isSourceFile(scope)) {
    // `var` anywhere in the function, not inside a nested one.
    /** @param {ts.Node} node */
    const hoisted = (node) => {
      if (ts.isVariableDeclarationList(node) && !(node.flags & ts.NodeFlags.BlockScoped)) addList(node);
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, hoisted);
    };
    ts.forEachChild(body, hoisted);
  }
  return names;
}

/** @param {ts.Node} node */
const opensScope = (node) =>
  ts.isFunctionLike(node) ||
  ts.isClassExpression(node) ||
  ts.isCatchClause(node) ||
  ts.isForStatement(node) ||
  ts.isForInStatement(node) ||
  ts.isForOfStatement(node) ||
  ((ts.isBlock(node) || ts.isCaseBlock(node)) && !ts.isFunctionLike(node.parent));

/**
 * Adds to `needs` every `binding.name` read where `binding` holds a consumed shared module.
 * @param {ts.SourceFile} file
 * @param {Map<string, string>} ids
 * @param {Map<string, Set<string>>} needs
 */
function collect(file, ids, needs) {
  /** @param {string} key @param {string} name */
  const need = (key, name) => {
    if (!needs.has(key)) needs.set(key, new Set());
    /** @type {Set<string>} */ (needs.get(key)).add(name);
  };
  /**
   * The share key a name holds where it is read, or null. Scopes chain to their parent rather
   * than copy it: minified code opens thousands of small scopes.
   * @typedef {{ names: Map<string, string | null>, parent?: Scope }} Scope
   * @param {Scope | undefined} scope @param {string} name
   * @returns {string | null}
   */
  const lookup = (scope, name) => {
    for (let s = scope; s; s = s.parent) if (s.names.has(name)) return /** @type {string | null} */ (s.names.get(name));
    return null;
  };
  /** @param {ts.Node} node @param {Scope} scope */
  const visit = (node, scope) => {
    const inner = opensScope(node) ? { names: declarations(node, ids), parent: scope } : scope;
    if (ts.isPropertyAccessExpression(node)) {
      const target = node.expression;
      const key = ts.isIdentifier(target) ? lookup(inner, target.text) : null;
      if (key) need(key, node.name.text);
      // require("<consume id>").name, without a binding
      const required = requiredShareKey(target, ids);
      if (required) need(required, node.name.text);
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, { names: declarations(file, ids) });
}

/**
 * What a built remote reads from each shared module: share key -> export names. The standalone
 * shell's own scripts (its index.html) are left out: the host never runs them.
 * @param {string} distDir
 * @param {string} remoteEntry the entry's path inside distDir
 * @returns {Record<string, string[]>}
 */
export function sharedNeeds(distDir, remoteEntry) {
  const entry = parse(path.join(distDir, remoteEntry));
  const ids = consumeIds(entry);
  const html = path.join(distDir, 'index.html');
  const standalone = new Set(
    fs.existsSync(html)
      ? [...fs.readFileSync(html, 'utf8').matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].flatMap(([, src]) =>
          src ? [src.replace(/^\.?\//, '')] : [],
        )
      : [],
  );
  /** @type {Map<string, Set<string>>} */
  const needs = new Map();
  for (const file of listFiles(distDir)) {
    if (file.endsWith('.js') && !standalone.has(file))
      collect(file === remoteEntry ? entry : parse(path.join(distDir, file)), ids, needs);
  }
  return Object.fromEntries(
    [...needs].sort(([a], [b]) => a.localeCompare(b)).map(([key, names]) => [key, [...names].sort()]),
  );
}
