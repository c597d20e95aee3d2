// heat-conv's built-in page: routes (#/, #/create, #/stacks/NAME/ID/TAB),
// the stack list, and the Keystone login when the API wants a token.

import { api, session } from './api.js';
import { h, statusBadge, errorBox } from './dom.js';
import { statusClass } from './graph.js';
import { StackPage } from './stack_page.js';
import { stackForm } from './forms.js';

const LIST_POLL_MS = 2000;
const main = document.getElementById('main');
const who = document.getElementById('who');
let current = null;     // what is on screen: {stop()}

function navigate(hash) {
  if (window.location.hash === hash) route(); else window.location.hash = hash;
}

function stackLink(stack, tab = 'graph') {
  return `#/stacks/${encodeURIComponent(stack.stack_name || stack.name)}/${stack.id}/${tab}`;
}

function listPage() {
  const body = h('tbody');
  const message = h('div');
  let timer = null;
  const load = async () => {
    try {
      const stacks = await api.stacks();
      body.replaceChildren(...stacks.map((s) => h('tr', { 'data-stack': s.stack_name },
        h('td', {}, h('a', { href: stackLink(s) }, s.stack_name)),
        h('td', {}, statusBadge(s.stack_status, statusClass(s.stack_status))),
        h('td', { className: 'reason' }, s.stack_status_reason || ''),
        h('td', { className: 'time' }, (s.creation_time || '').replace('T', ' ')),
        h('td', { className: 'time' }, (s.updated_time || '').replace('T', ' ')))));
      if (!stacks.length) body.replaceChildren(h('tr', {}, h('td', { colspan: 5 }, 'No stacks yet.')));
      message.replaceChildren();
    } catch (error) {
      message.replaceChildren(errorBox(error));
      if (error.status === 401) { route(); return; }
    }
  };
  main.replaceChildren(
    h('div', { className: 'stack-head' }, h('h2', {}, 'Stacks'),
      h('a', { className: 'button primary', href: '#/create' }, 'Create stack')),
    message,
    h('table', { className: 'stacks' }, h('thead', {}, h('tr', {},
      ['Name', 'Status', 'Reason', 'Created', 'Updated'].map((t) => h('th', {}, t)))), body));
  load();
  timer = setInterval(load, LIST_POLL_MS);
  return { stop: () => clearInterval(timer) };
}

function createPage() {
  main.replaceChildren(h('h2', {}, 'Create a stack'),
    stackForm({ stack: null, onDone: (stack) => navigate(stackLink(stack)) }));
  return { stop() {} };
}

function loginPage() {
  const token = h('input', { name: 'token', required: true, autocomplete: 'off' });
  const project = h('input', { name: 'project', required: true, value: session.tenant || '' });
  main.replaceChildren(h('h2', {}, 'Sign in with a Keystone token'),
    h('p', {}, 'This heat-conv checks Keystone tokens. Get one with ',
      h('code', {}, 'openstack token issue -c id -c project_id'),
      '; the page sees what that token\'s user may see in its project.'),
    h('form', { className: 'stack-form', onsubmit: (event) => {
      event.preventDefault();
      session.save(project.value.trim(), token.value.trim());
      route();
    } }, h('label', {}, 'Token', token), h('label', {}, 'Project ID', project),
    h('div', { className: 'buttons' }, h('button', { type: 'submit', className: 'primary' }, 'Sign in'))));
  return { stop() {} };
}

function showWho() {
  if (session.config.auth_strategy === 'keystone') {
    who.replaceChildren(session.token ? h('span', {}, `project ${session.tenant} `,
      h('button', { onclick: () => { session.forget(); route(); } }, 'Sign out')) : '');
    return;
  }
  const tenant = h('input', { name: 'tenant', value: session.tenant, size: 12,
    title: 'noauth: the project (tenant) whose stacks are shown' });
  tenant.addEventListener('change', () => { session.save(tenant.value.trim()); route(); });
  who.replaceChildren(h('label', {}, 'project ', tenant));
}

function route() {
  if (current) current.stop();
  showWho();
  if (session.needsLogin()) { current = loginPage(); return; }
  const parts = window.location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'create') {
    current = createPage();
  } else if (parts[0] === 'stacks' && parts.length >= 3) {
    const page = new StackPage(main, { name: parts[1], id: parts[2] }, parts[3], navigate);
    current = page;
    page.start().catch((error) => main.append(errorBox(error)));
  } else {
    current = listPage();
  }
}

async function boot() {
  const answer = await fetch('config.json');
  session.load(await answer.json());
  window.addEventListener('hashchange', route);
  route();
}

boot();
