#!/usr/bin/env node
// Checks that the core's folders are layers (docs/architecture.md §1): every `#include "folder/..."`
// under core/src and core/include/privsynth runs down the order of core/layers.json or stays in its
// folder, no folder is left out of the order, and no two folders include each other (a cycle is
// named with the includes that make it). Inside mechanisms/, one mechanism's folder includes no
// other's, except the includes core/layers.json lists. Prints each violation as
// `file:line: ...` and exits 1; `npm run lint` runs it before any build.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const layersFile = 'core/layers.json';
const layers = JSON.parse(readFileSync(join(root, layersFile), 'utf8'));
const rank = new Map(layers.order.map((folder, index) => [folder, index]));
const sourceRoot = 'core/src';
const publicRoot = 'core/include/privsynth';

function filesUnder(folder) {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

// `#include "a/b.hpp"` lines of a file, with their line numbers (1-based).
function quotedIncludes(file) {
  const includes = [];
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const match = /^\s*#\s*include\s+"([^"]+)"/.exec(text);
      if (match) includes.push({ line: index + 1, path: match[1] });
    });
  return includes;
}

const problems = [];
const usedExceptions = new Set(); // entries of "betweenMechanisms" an include needs
const edges = new Map(); // "from>to" -> first include that makes the edge
const describe = (folder) => `${folder} (layer ${rank.get(folder) + 1} of ${layers.order.length})`;

// The folder a file belongs to: its first folder under core/src, or its public header's layer.
function folderOfFile(file) {
  if (file.startsWith(`${publicRoot}/`)) return layers.publicHeaders[file.slice(publicRoot.length + 1)];
  return file.slice(sourceRoot.length + 1).split('/')[0];
}

function checkMechanismPeers(file, include) {
  const fromPath = file.slice(sourceRoot.length + 1).split('/');
  const toPath = include.path.split('/');
  if (toPath[0] !== 'mechanisms' || toPath.length < 3) return; // a generic file of mechanisms/
  const toMechanism = toPath[1];
  const fromMechanism = fromPath.length >= 3 ? fromPath[1] : null;
  if (fromMechanism === toMechanism) return;
  if (fromMechanism === null) {
    if (fromPath.join('/') === layers.registry) return;
    problems.push(
      `${file}:${include.line}: the generic mechanisms/ code includes mechanism ${toMechanism} ("${include.path}"); ` +
        `only ${layers.registry} names mechanisms`,
    );
    return;
  }
  const allowed = layers.betweenMechanisms.find(
    (entry) => entry.from === fromMechanism && entry.include === include.path,
  );
  if (allowed) {
    usedExceptions.add(allowed);
  } else {
    problems.push(
      `${file}:${include.line}: mechanism ${fromMechanism} includes mechanism ${toMechanism}'s "${include.path}"; ` +
        `a mechanism's folder includes no other's (move what both use to a generic folder, or list it in ` +
        `${layersFile} "betweenMechanisms" with why)`,
    );
  }
}

function checkFile(file) {
  const from = folderOfFile(file);
  if (from === undefined) {
    problems.push(
      `${file}: a public header missing from ${layersFile} "publicHeaders": add the folder that implements it`,
    );
    return;
  }
  if (!rank.has(from)) {
    problems.push(`${file}: folder ${from} is not in ${layersFile} "order": place it in the order`);
    return;
  }
  for (const include of quotedIncludes(file)) {
    const [first, ...rest] = include.path.split('/');
    if (rest.length === 0) continue; // not a folder path: a file next to it
    let to = first;
    if (first === 'privsynth') {
      to = layers.publicHeaders[rest.join('/')];
      if (to === undefined) {
        problems.push(`${file}:${include.line}: "${include.path}" is missing from ${layersFile} "publicHeaders"`);
        continue;
      }
    } else if (file.startsWith(`${publicRoot}/`)) {
      problems.push(
        `${file}:${include.line}: the public header includes "${include.path}"; public headers include only public headers`,
      );
      continue;
    } else if (!rank.has(to)) {
      problems.push(
        `${file}:${include.line}: "${include.path}" is in folder ${to}, which is not in ${layersFile} "order"`,
      );
      continue;
    }
    if (from === to) {
      if (from === 'mechanisms' && first === 'mechanisms') checkMechanismPeers(file, include);
      continue;
    }
    const key = `${from}>${to}`;
    if (!edges.has(key)) edges.set(key, `${file}:${include.line}`);
    if (rank.get(to) > rank.get(from)) {
      problems.push(
        `${file}:${include.line}: ${from} includes "${include.path}" of ${to}, which runs up the layer order: ` +
          `${describe(from)} may include only folders before it, ${describe(to)} is after it (${layersFile})`,
      );
    }
  }
}

// Cycles between folders (within each strongly connected component of more than one folder, the
// cycle each upward include closes), with the include that makes each step. With every include
// running down the order there is none.
function folderCycles() {
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split('>');
    if (!next.has(from)) next.set(from, []);
    next.get(from).push(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (folder) => {
    index.set(folder, counter);
    low.set(folder, counter);
    counter += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder), index.get(to)));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) components.push(component.sort((a, b) => rank.get(a) - rank.get(b)));
    }
  };
  for (const folder of layers.order) if (!index.has(folder)) visit(folder);
  // Each cycle as the shortest way back down from an upward include, with the include of every step.
  const wayBack = (start, goal, inside) => {
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const folder = queue.shift();
      if (folder === goal) break;
      for (const to of next.get(folder) ?? []) {
        if (inside.has(to) && !previous.has(to)) {
          previous.set(to, folder);
          queue.push(to);
        }
      }
    }
    const path = [];
    for (let folder = goal; folder !== null; folder = previous.get(folder)) path.unshift(folder);
    return path;
  };
  return components.flatMap((component) => {
    const inside = new Set(component);
    return [...edges.keys()]
      .map((key) => key.split('>'))
      .filter(([from, to]) => inside.has(from) && inside.has(to) && rank.get(to) > rank.get(from))
      .map(([from, to]) => {
        const path = [from, ...wayBack(to, from, inside)];
        const steps = path
          .slice(1)
          .map((folder, i) => `    ${path[i]} -> ${folder}  (${edges.get(`${path[i]}>${folder}`)})`);
        return `cycle between the folders ${path.slice(0, -1).join(', ')}:\n${steps.join('\n')}`;
      });
  });
}

for (const folder of [sourceRoot, publicRoot]) filesUnder(folder).forEach(checkFile);
for (const header of Object.keys(layers.publicHeaders)) {
  if (!filesUnder(publicRoot).includes(`${publicRoot}/${header}`)) {
    problems.push(`${layersFile}: "publicHeaders" lists ${header}, which is not in ${publicRoot}/`);
  }
}
for (const entry of layers.betweenMechanisms) {
  if (!usedExceptions.has(entry)) {
    problems.push(
      `${layersFile}: "betweenMechanisms" lets ${entry.from} include ${entry.include}, which no file does: remove it`,
    );
  }
}
problems.push(...folderCycles());

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `[layers] ${problems.length} problem(s): the order is in ${layersFile}, explained in docs/architecture.md §1`,
  );
  process.exit(1);
}
console.log(`[layers] ${layers.order.length} folders, every include runs down the order (${layersFile})`);
