// The few DOM helpers every view module uses: elements by id, SVG and HTML elements with their
// attributes, and emptying a node.
const SVGNS = 'http://www.w3.org/2000/svg';

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** An SVG element with `attributes`, appended to `parent` when given. */
export function el(name, attributes, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const key in attributes || {}) node.setAttribute(key, attributes[key]);
  if (parent) parent.appendChild(node);
  return node;
}

/** An HTML element with `attributes` and, when given, its text. */
export function html(name, attributes, text) {
  const node = document.createElement(name);
  for (const key in attributes || {}) node.setAttribute(key, attributes[key]);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Removes every child of `node`. */
export function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
