// The create and update form: template, environment and parameters, with
// a preview of what the operation would do before it is done.

import { api } from './api.js';
import { h, errorBox } from './dom.js';

// "key=value" lines, as `--parameter key=value` on the CLI.
export function parseParameters(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at < 1) throw new Error(`Parameter line "${trimmed}" is not key=value`);
    out[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
  }
  return out;
}

function previewOfCreate(stack) {
  const rows = [];
  const walk = (resources, path) => {
    for (const r of resources || []) {
      if (Array.isArray(r)) { walk(r, path); continue; }
      const name = path ? `${path}.${r.resource_name}` : r.resource_name;
      rows.push(h('tr', {}, h('td', {}, 'add'), h('td', {}, name), h('td', {}, r.resource_type)));
    }
  };
  walk(stack.resources, '');
  return h('div', { className: 'preview', 'data-kind': 'create' },
    h('h3', {}, `Preview: ${rows.length} resources would be created`),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'change'), h('th', {}, 'resource'),
      h('th', {}, 'type'))), h('tbody', {}, rows)));
}

const CHANGE_ORDER = ['added', 'replaced', 'updated', 'deleted', 'unchanged'];

function previewOfUpdate(answer) {
  const changes = answer.resource_changes || {};
  const rows = [];
  for (const kind of CHANGE_ORDER) {
    for (const r of changes[kind] || []) {
      rows.push(h('tr', { className: `change-${kind}` }, h('td', {}, kind),
        h('td', {}, r.resource_name), h('td', {}, r.resource_type || '')));
    }
  }
  const counts = CHANGE_ORDER.map((k) => `${(changes[k] || []).length} ${k}`).join(', ');
  return h('div', { className: 'preview', 'data-kind': 'update' },
    h('h3', {}, `Preview: ${counts}`),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'change'), h('th', {}, 'resource'),
      h('th', {}, 'type'))), h('tbody', {}, rows)));
}

// stack: null for a create form; then onDone(newStack) opens the new stack.
export function stackForm({ stack, template = '', environment = '', files = {}, onDone }) {
  const name = h('input', { name: 'stack_name', required: true, placeholder: 'my-stack' });
  const templateText = h('textarea', { name: 'template', rows: 18, spellcheck: 'false' });
  templateText.value = template;
  const envText = h('textarea', { name: 'environment', rows: 5, spellcheck: 'false' });
  envText.value = environment;
  const params = h('textarea', { name: 'parameters', rows: 3, spellcheck: 'false',
    placeholder: 'key=value, one a line' });
  const upload = h('input', { type: 'file', accept: '.yaml,.yml,.json,.template' });
  upload.addEventListener('change', async () => {
    if (upload.files.length) templateText.value = await upload.files[0].text();
  });
  const result = h('div', { className: 'form-result' });

  const body = () => {
    const out = { template: templateText.value, parameters: parseParameters(params.value),
      files };
    if (envText.value.trim()) out.environment = envText.value;
    if (!stack) out.stack_name = name.value.trim();
    return out;
  };
  const run = (what) => async (event) => {
    event.preventDefault();
    result.replaceChildren(h('p', { className: 'muted' }, 'Working...'));
    try {
      if (what === 'preview') {
        result.replaceChildren(stack
          ? previewOfUpdate(await api.previewUpdate(stack, body()))
          : previewOfCreate(await api.previewCreate(body())));
      } else if (stack) {
        await api.update(stack, body());
        result.replaceChildren();
        onDone(stack);
      } else {
        const created = await api.create(body());
        onDone({ id: created.id, name: body().stack_name });
      }
    } catch (error) {
      result.replaceChildren(errorBox(error));
    }
  };

  return h('form', { className: 'stack-form', onsubmit: run('submit') },
    stack ? null : h('label', {}, 'Stack name', name),
    h('label', {}, 'Template (HOT YAML or JSON) ', upload, templateText),
    h('label', {}, 'Environment (optional)', envText),
    h('label', {}, 'Parameters', params),
    h('div', { className: 'buttons' },
      h('button', { type: 'button', name: 'preview', onclick: run('preview') },
        stack ? 'Preview update' : 'Preview create'),
      h('button', { type: 'submit', name: 'submit', className: 'primary' },
        stack ? 'Update stack' : 'Create stack')),
    result);
}
