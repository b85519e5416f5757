// A small stand-in for the browser's DOM, enough for the page's view modules under node --test:
// the real index.html parsed into elements with attributes, children, text, form values, class
// lists, data attributes, listeners and simple selectors (tag, #id, .class, [attr], [attr=value],
// descendants, lists). Not a browser: layout, styles and events beyond listeners are absent.
import { readFileSync } from 'node:fs';

const VOID = new Set(['META', 'LINK', 'INPUT', 'BR', 'IMG']);

export class FakeElement {
  constructor(tagName, owner) {
    this.tagName = tagName.toUpperCase();
    this.ownerDocument = owner;
    this.attributes = new Map();
    this.children = [];
    this.parentNode = null;
    this.listeners = {};
    this.ownText = '';
    this.style = { setProperty: (key, value) => { this.style[key] = value; } };
    this.dataset = new Proxy({}, {
      get: (target, key) => this.getAttribute('data-' + kebab(key)) ?? undefined,
      set: (target, key, value) => { this.setAttribute('data-' + kebab(key), value); return true; },
      deleteProperty: (target, key) => { this.attributes.delete('data-' + kebab(key)); return true; },
    });
    this.classList = {
      contains: (name) => this.className.split(/\s+/).includes(name),
      add: (name) => this.classList.toggle(name, true),
      remove: (name) => this.classList.toggle(name, false),
      toggle: (name, on) => {
        const names = this.className.split(/\s+/).filter((n) => n && n !== name);
        const wanted = on === undefined ? !this.classList.contains(name) : !!on;
        if (wanted) names.push(name);
        this.className = names.join(' ');
        return wanted;
      },
    };
  }

  get id() { return this.getAttribute('id') || ''; }
  get className() { return this.getAttribute('class') || ''; }
  set className(value) { this.setAttribute('class', value); }
  get title() { return this.getAttribute('title') || ''; }
  set title(value) { this.setAttribute('title', value); }
  get hidden() { return this.attributes.has('hidden'); }
  set hidden(on) { if (on) this.setAttribute('hidden', ''); else this.attributes.delete('hidden'); }
  get disabled() { return this.attributes.has('disabled'); }
  set disabled(on) { if (on) this.setAttribute('disabled', ''); else this.attributes.delete('disabled'); }
  get checked() { return this.checkedState ?? this.attributes.has('checked'); }
  set checked(on) { this.checkedState = !!on; }
  get placeholder() { return this.getAttribute('placeholder') || ''; }
  set placeholder(value) { this.setAttribute('placeholder', value); }
  get value() {
    if (this.valueState !== undefined) return this.valueState;
    if (this.tagName === 'SELECT') {
      const options = this.querySelectorAll('option');
      const chosen = options.find((o) => o.attributes.has('selected')) || options[0];
      return chosen ? chosen.getAttribute('value') ?? chosen.textContent : '';
    }
    return this.getAttribute('value') || '';
  }
  set value(value) { this.valueState = String(value); }
  get firstChild() { return this.children[0] || null; }
  get lastChild() { return this.children[this.children.length - 1] || null; }
  get textContent() { return this.ownText + this.children.map((c) => c.textContent).join(''); }
  set textContent(text) {
    for (const child of this.children) child.parentNode = null;
    this.children = [];
    this.ownText = String(text);
  }

  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  removeAttribute(name) { this.attributes.delete(name); }
  appendChild(child) {
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  removeChild(child) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
    return child;
  }
  addEventListener(type, listener) { (this.listeners[type] = this.listeners[type] || []).push(listener); }
  removeEventListener(type, listener) { this.listeners[type] = (this.listeners[type] || []).filter((l) => l !== listener); }
  /** Calls the listeners of `type` (and the `on…` property) with an event; resolves when async ones finish. */
  fire(type, props) {
    const event = Object.assign({ type, target: this, currentTarget: this, defaultPrevented: false, key: '',
      preventDefault() { this.defaultPrevented = true; }, stopPropagation() {} }, props || {});
    const results = (this.listeners[type] || []).map((listener) => listener(event));
    if (typeof this['on' + type] === 'function') results.push(this['on' + type](event));
    return Promise.all(results).then(() => event);
  }
  click() { return this.fire('click'); }
  focus() { this.ownerDocument.activeElement = this; return this.fire('focus'); }
  setPointerCapture() {}
  setSelectionRange() {}
  showModal() { this.open = true; }
  close() { this.open = false; }
  getScreenCTM() { return this.ownerDocument.screenMatrix || null; }
  querySelectorAll(selector) { return descendants(this).filter((node) => matchesList(node, selector, this)); }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
  closest(selector) {
    for (let node = this; node; node = node.parentNode) if (matchesList(node, selector, null)) return node;
    return null;
  }
}

const kebab = (key) => String(key).replace(/[A-Z]/g, (ch) => '-' + ch.toLowerCase());

function descendants(node) {
  const out = [];
  for (const child of node.children) out.push(child, ...descendants(child));
  return out;
}

/** One compound selector (tag, #id, .class, [attr], [attr=value], [attr="value"]) against a node. */
function matchesCompound(node, compound) {
  const parts = compound.match(/^[a-zA-Z*]+|#[\w-]+|\.[\w-]+|\[[^\]]+\]/g) || [];
  return parts.every((part) => {
    if (part[0] === '#') return node.id === part.slice(1);
    if (part[0] === '.') return node.classList.contains(part.slice(1));
    if (part[0] === '[') {
      const [name, raw] = part.slice(1, -1).split('=');
      return raw === undefined ? node.attributes.has(name) : node.getAttribute(name) === raw.replace(/^["']|["']$/g, '');
    }
    return part === '*' || node.tagName === part.toUpperCase();
  });
}

function matchesList(node, selector, scope) {
  return selector.split(',').some((one) => {
    const chain = one.trim().split(/\s+/);
    if (!matchesCompound(node, chain[chain.length - 1])) return false;
    let at = node.parentNode;
    for (let i = chain.length - 2; i >= 0; i--) {
      while (at && at !== scope && !matchesCompound(at, chain[i])) at = at.parentNode;
      if (!at || at === scope) return false;
      at = at.parentNode;
    }
    return true;
  });
}

/** A document holding the page's real index.html body. */
export function fakeDocument(htmlPath) {
  const document = {
    activeElement: null, title: '', hidden: false, readyState: 'complete', listeners: {}, screenMatrix: null,
    createElement: (name) => new FakeElement(name, document),
    createElementNS: (ns, name) => new FakeElement(name, document),
    getElementById: (id) => document.body.querySelector('#' + id),
    querySelectorAll: (selector) => document.body.querySelectorAll(selector),
    querySelector: (selector) => document.body.querySelector(selector),
    addEventListener(type, listener) { (this.listeners[type] = this.listeners[type] || []).push(listener); },
    fire(type, props) {
      const event = Object.assign({ type, preventDefault() { this.defaultPrevented = true; } }, props || {});
      return Promise.all((this.listeners[type] || []).map((listener) => listener(event))).then(() => event);
    },
  };
  document.body = new FakeElement('body', document);
  const text = readFileSync(htmlPath, 'utf8');
  const body = text.slice(text.indexOf('<body>') + 6, text.indexOf('</body>'));
  let at = document.body;
  for (const [, close, name, attributes, words] of body.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (words !== undefined) {
      if (words.trim()) at.ownText += words.trim();
    } else if (close) {
      at = at.parentNode;
    } else {
      const node = at.appendChild(new FakeElement(name, document));
      for (const [, key, value] of attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) node.setAttribute(key, value ?? '');
      if (!VOID.has(node.tagName) && !attributes.trim().endsWith('/')) at = node;
    }
  }
  return document;
}
