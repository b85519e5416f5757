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

/**
 * Roving tabindex (WAI-ARIA radio groups and tab lists): the position an arrow key moves to from
 * `at` among `count` items (wrapping; Home and End to the ends), or -1 for any other key.
 */
export function rovingTarget(count, at, key) {
  if (count <= 0) return -1;
  if (key === 'ArrowRight' || key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (at + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return -1;
}

/** One Tab stop per group: the chosen item (the first when none is) is reachable by Tab, the others by arrows. */
export function setRoving(items, chosen) {
  const list = Array.from(items);
  const at = Math.max(0, list.findIndex(chosen));
  list.forEach((item, i) => item.setAttribute('tabindex', i === at ? '0' : '-1'));
}

/** Arrow keys in `group` move to and pick (click) the next of its items matching `selector`. */
export function wireRoving(group, selector) {
  group.addEventListener('keydown', (event) => {
    const items = Array.from(group.querySelectorAll(selector)).filter((item) => !item.disabled);
    const next = rovingTarget(items.length, items.indexOf(event.target), event.key);
    if (next < 0 || items.indexOf(event.target) < 0) return;
    event.preventDefault();
    items[next].click();
    const again = Array.from(group.querySelectorAll(selector)).filter((item) => !item.disabled);
    (again[next] || items[next]).focus();
  });
}
