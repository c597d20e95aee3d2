// One stack: its live graph (recoloured from events as a traversal runs,
// reshaped when resources or child stacks appear), its events, drift,
// template and environment, and the update form.

import yaml from 'js-yaml';
import { api, linkedStack, linkedStackId } from './api.js';
import { DeletingChildren } from './child_events.js';
import { h, statusBadge, errorBox } from './dom.js';
import { StackGraphView, nodeId, statusClass } from './graph.js';
import { stackForm } from './forms.js';
import { driftTable } from './drift.js';

// How deep child stacks are drawn and followed (`--nested-depth`).
const NESTED_DEPTH = 5;
// New events are asked for this often; the reconcile refetches the resource
// list (statuses and shape) in case an event was missed.
const EVENT_POLL_MS = 500;
const RECONCILE_MS = 4000;
const EVENTS_KEPT = 400;
const TABS = ['graph', 'events', 'drift', 'template', 'update'];
const NO_GRAPH = {
  show() {}, setStatus() { return true; }, knowsStack() { return true; }, fit() {}, destroy() {},
};

function eventRow(event) {
  const where = event.parent_resource ? `${event.parent_resource}/` : '';
  return h('tr', { 'data-event': event.id },
    h('td', { className: 'time' }, event.event_time.replace('T', ' ')),
    h('td', {}, `${where}${event.resource_name}`),
    h('td', {}, statusBadge(event.resource_status, statusClass(event.resource_status))),
    h('td', { className: 'reason' }, event.resource_status_reason));
}

export class StackPage {
  constructor(root, stackRef, tab, navigate) {
    this.root = root;
    this.ref = stackRef;            // {name, id}
    this.tab = TABS.includes(tab) ? tab : 'graph';
    this.navigate = navigate;
    this.marker = null;   // the newest event of the nested listing seen
    this.seen = new Set();   // ids of the events shown: two listings overlap
    this.childStacks = new Set();   // ids of the stacks drawn (or asked for)
    this.owned = {};   // node id of a resource -> the child stack it owns
    this.deletingChildren = new DeletingChildren(
      (events) => { if (this.addEvents(events, true)) this.reshape(); },
      (error) => this.say(error));
    this.latest = {};   // node id -> status, from the newest event seen
    // node id -> the statuses, in order, of a resource whose events came
    // before its box was drawn (a new child stack's first resource can be
    // IN_PROGRESS before the list shows it): drawn with the first, then
    // stepped through the rest, so that no status is skipped on the page.
    this.undrawn = {};
    this.timers = [];
    this.stopped = false;
    this.events = h('tbody');
    this.feed = h('ol', { className: 'feed' });
    this.status = h('span');
    this.message = h('div');
  }

  async start() {
    const details = h('div', { className: 'details muted' }, 'Click a resource for its details.');
    this.graphBox = h('div', { id: 'graph', role: 'img',
      'aria-label': `Dependency graph of ${this.ref.name}` });
    const textList = h('ul', { className: 'sr-only', id: 'graph-text',
      'aria-label': 'Resources and their statuses' });
    this.panels = {
      graph: h('div', { className: 'panel graph-panel' }, this.graphBox, textList,
        h('aside', {}, h('div', { className: 'legend' },
          ['complete', 'progress', 'failed', 'idle'].map((c) => h('span', { className: `status ${c}` },
            { complete: 'complete ✓', progress: 'in progress …', failed: 'failed ✗', idle: 'not started / deleted' }[c]))),
        details, h('h3', {}, 'Latest events'), this.feed)),
      events: h('div', { className: 'panel' }, h('table', { className: 'events' },
        h('thead', {}, h('tr', {}, ['Time', 'Resource', 'Status', 'Reason'].map((t) => h('th', {}, t)))),
        this.events)),
      drift: h('div', { className: 'panel' }),
      template: h('div', { className: 'panel' }),
      update: h('div', { className: 'panel' }),
    };
    const tabs = h('nav', { className: 'tabs' }, TABS.map((t) => h('a', {
      href: `#/stacks/${encodeURIComponent(this.ref.name)}/${this.ref.id}/${t}`,
      className: t === this.tab ? 'active' : '', 'data-tab': t }, t)));
    this.root.replaceChildren(
      h('div', { className: 'stack-head' },
        h('h2', {}, this.ref.name), this.status,
        h('button', { name: 'converge', onclick: () => this.converge() },
          'Converge (update --converge)'),
        h('button', { name: 'delete', className: 'danger', onclick: () => this.remove() },
          'Delete')),
      this.message, tabs, this.panels[this.tab]);
    // The graph is drawn only on its own tab: cytoscape needs its container
    // on the page. Elsewhere events still go to the events table.
    this.graph = this.tab !== 'graph' ? NO_GRAPH : new StackGraphView(this.graphBox, textList, (node) => details.replaceChildren(
      h('h3', {}, node.name), h('p', {}, node.type), statusBadge(node.status, node.cls),
      h('p', { className: 'reason' }, node.reason || '')));
    await this.loadEvents();
    await this.refresh();
    this.showTab();
    this.poll();
    this.timers.push(setInterval(() => this.reshape(), RECONCILE_MS));
  }

  stop() {
    this.stopped = true;
    this.timers.forEach(clearInterval);
    clearTimeout(this.pollTimer);
    this.deletingChildren.stop();
    if (this.graph) this.graph.destroy();
  }

  setStackStatus(status, reason) {
    this.status.replaceChildren(statusBadge(status, statusClass(status)),
      h('span', { className: 'reason' }, ` ${reason || ''}`));
  }

  async refresh() {
    const drawn = this.resources || [];
    let deleting = false;
    try {
      const stack = await api.stack(this.ref.name, this.ref.id);
      this.setStackStatus(stack.stack_status, stack.stack_status_reason);
      deleting = stack.stack_status.startsWith('DELETE_');
      this.resources = await api.resources(this.ref, NESTED_DEPTH);
      for (const r of this.resources) {
        this.childStacks.add(linkedStackId(r, 'stack'));
        const child = linkedStack(r, 'nested');
        if (child) this.owned[nodeId(linkedStackId(r, 'stack'), r.resource_name)] = child;
      }
    } catch (error) {
      if (error.status === 404) {
        this.setStackStatus('DELETE_COMPLETE', 'The stack is gone.');
        this.resources = [];
        deleting = true;
      } else {
        throw error;
      }
    }
    if (deleting) {
      // A deleted resource leaves the list before its last events reach
      // the page: while the stack goes, what was drawn stays, and its
      // events still recolour it.
      const listed = new Set(this.resources.map(
        (r) => nodeId(linkedStackId(r, 'stack'), r.resource_name)));
      for (const r of drawn) {
        if (!listed.has(nodeId(linkedStackId(r, 'stack'), r.resource_name))) {
          this.resources.push(r);
        }
      }
    }
    const undrawn = this.undrawn;
    this.undrawn = {};
    const first = {};
    for (const [id, statuses] of Object.entries(undrawn)) [first[id]] = statuses;
    this.graph.show(this.resources, { ...this.latest, ...first });
    for (const [id, statuses] of Object.entries(undrawn)) {
      if (!this.graph.has(id)) {
        // Not in this list yet: its statuses wait for the next one.
        this.undrawn[id] = statuses;
        continue;
      }
      for (const status of [...statuses.slice(1), this.latest[id]]) {
        this.graph.setStatus(id, status);
      }
    }
    if (this.tab === 'drift') this.panels.drift.replaceChildren(this.driftPanel());
  }

  async loadEvents() {
    const recent = (await api.events(this.ref, NESTED_DEPTH, null, 100)).reverse();
    if (recent.length) this.marker = recent[recent.length - 1].id;
    this.addEvents(recent, false);
  }

  addEvents(events, live) {
    let reshape = false;
    for (const event of events) {
      if (this.seen.has(event.id)) continue;
      this.seen.add(event.id);
      this.events.prepend(eventRow(event));
      const where = event.parent_resource ? `${event.parent_resource}/` : '';
      this.feed.prepend(h('li', { className: statusClass(event.resource_status) },
        `${where}${event.resource_name} ${event.resource_status}`));
      const stackId = linkedStackId(event, 'stack');
      if (event.physical_resource_id === stackId) {
        // A stack's own event. The top stack's is its new status; a child
        // stack not drawn yet is a new box to draw; a child stack being
        // deleted is followed through its own events (child_events.js),
        // also when the page opens while it goes.
        if (stackId !== this.ref.id && event.resource_status === 'DELETE_IN_PROGRESS') {
          this.deletingChildren.follow(linkedStack(event, 'stack'), event.id);
        }
        if (!live) continue;
        if (stackId === this.ref.id) {
          this.setStackStatus(event.resource_status, event.resource_status_reason);
        } else if (!this.childStacks.has(stackId)) {
          this.childStacks.add(stackId);   // once: it may have no resources yet
          reshape = true;
        }
        continue;
      }
      const id = nodeId(stackId, event.resource_name);
      this.latest[id] = event.resource_status;
      if (!live) continue;
      if (this.owned[id] && event.resource_status === 'DELETE_IN_PROGRESS') {
        this.deletingChildren.follow(this.owned[id], event.id);
      }
      const known = this.graph.setStatus(id, event.resource_status,
        event.resource_status_reason);
      // A resource not drawn yet: the list brings it, its edges and its
      // box; it then goes through the statuses seen meanwhile.
      if (!known) {
        (this.undrawn[id] ||= []).push(event.resource_status);
        reshape = true;
      }
    }
    while (this.events.children.length > EVENTS_KEPT) this.events.lastChild.remove();
    while (this.feed.children.length > 30) this.feed.lastChild.remove();
    return reshape;
  }

  poll() {
    if (this.stopped) return;
    const next = () => { if (!this.stopped) this.pollTimer = setTimeout(() => this.poll(), EVENT_POLL_MS); };
    api.events(this.ref, NESTED_DEPTH, this.marker)
      .then((events) => {
        if (events.length) this.marker = events[events.length - 1].id;
        if (this.addEvents(events, true)) this.reshape();
      })
      .then(next, (error) => { if (error.status !== 404) this.say(error); next(); });
  }

  // Fetch the resource list again for a new resource or child stack, without
  // holding up the events: one fetch at a time, and one more if asked meanwhile.
  reshape() {
    if (this.reshaping) { this.reshapeAgain = true; return; }
    this.reshaping = true;
    this.refresh().catch((error) => this.say(error)).finally(() => {
      this.reshaping = false;
      if (this.reshapeAgain && !this.stopped) { this.reshapeAgain = false; this.reshape(); }
    });
  }

  say(error) {
    this.message.replaceChildren(error ? errorBox(error) : '');
  }

  async converge() {
    try {
      await api.converge(this.ref);
      this.say(null);
    } catch (error) { this.say(error); }
  }

  async remove() {
    if (!window.confirm(`Delete stack ${this.ref.name}?`)) return;
    try {
      await api.remove(this.ref);
      this.say(null);
    } catch (error) { this.say(error); }
  }

  driftPanel() {
    return h('div', {}, h('p', {}, 'How each resource\'s object compares with the template. ',
      h('button', { name: 'converge-drift', onclick: () => this.converge() },
        'Converge: make reality match the template')),
    driftTable(this.resources || []));
  }

  async showTab() {
    const panel = this.panels[this.tab];
    try {
      if (this.tab === 'graph') this.graph.fit();
      if (this.tab === 'drift') panel.replaceChildren(this.driftPanel());
      if (this.tab === 'template' || this.tab === 'update') {
        const [template, environment] = await Promise.all([
          api.template(this.ref), api.environment(this.ref)]);
        const envYaml = yaml.dump(environment, { noRefs: true });
        const tmplYaml = yaml.dump(template, { noRefs: true });
        if (this.tab === 'template') {
          panel.replaceChildren(h('h3', {}, 'Template'), h('pre', { className: 'template' }, tmplYaml),
            h('h3', {}, 'Environment'), h('pre', { className: 'environment' }, envYaml));
        } else {
          const files = await api.files(this.ref);
          panel.replaceChildren(stackForm({ stack: this.ref, template: tmplYaml,
            environment: envYaml, files,
            onDone: () => this.navigate(`#/stacks/${encodeURIComponent(this.ref.name)}/${this.ref.id}/graph`) }));
        }
      }
    } catch (error) { panel.replaceChildren(errorBox(error)); }
  }
}
