// Drift: how each resource's object compares with the template, as the
// resource list's drift_status and drift_detail say.

import { h } from './dom.js';

export function driftTable(resources) {
  const rows = resources.map((r) => {
    const detail = r.drift_detail || {};
    const changes = Object.entries(detail).filter(([, v]) => v && typeof v === 'object')
      .map(([k, v]) => `${k}: ${JSON.stringify(v.expected)} → ${JSON.stringify(v.actual)}`);
    return h('tr', { 'data-drift': r.drift_status || 'NOT_CHECKED' },
      h('td', {}, r.parent_resource ? `${r.parent_resource}/${r.resource_name}` : r.resource_name),
      h('td', {}, r.drift_status || 'NOT_CHECKED'),
      h('td', {}, changes.join('; ') || detail.reason || ''),
      h('td', {}, r.drift_checked_time || ''));
  });
  return h('table', { className: 'drift' },
    h('thead', {}, h('tr', {}, ['Resource', 'Drift', 'Detail', 'Checked'].map((t) => h('th', {}, t)))),
    h('tbody', {}, rows));
}
