// Small DOM helpers: elements are built with text nodes, never from HTML
// strings, so names and reasons from the API cannot inject markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'className') el.className = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function statusBadge(status, cls) {
  return h('span', { className: `status ${cls}`, 'data-status': status }, status);
}

export function errorBox(error) {
  return h('div', { className: 'error', role: 'alert' }, String(error.message || error));
}
