// A stack's dependency graph, drawn by cytoscape.js and laid out by ELK
// (elkjs, in a Web Worker: layout.js). As `stack graph --nested-depth` draws
// it: an edge goes from a resource to each one that depends on it, and a
// resource that owns a child stack is a box holding that stack's graph.

import cytoscape from 'cytoscape';
import { linkedStackId } from './api.js';
import { layOut } from './layout.js';

// The CLI's dot colours: green complete, amber in progress, red failed,
// grey not started or deleted.
export function statusClass(status) {
  if (!status) return 'unknown';
  if (status.startsWith('DELETE_COMPLETE') || status.startsWith('INIT')) return 'idle';
  if (status.endsWith('_FAILED')) return 'failed';
  if (status.endsWith('_IN_PROGRESS')) return 'progress';
  if (status.endsWith('_COMPLETE')) return 'complete';
  return 'unknown';
}

const FILL = { complete: '#c8f0c8', progress: '#ffe08a', failed: '#f6b2b2', idle: '#e4e4e4', unknown: '#ffffff' };
const BORDER = { complete: '#2e8b2e', progress: '#c98a00', failed: '#c0392b', idle: '#8c8c8c', unknown: '#8c8c8c' };

const STYLE = [
  { selector: 'node', style: {
    shape: 'round-rectangle', label: 'data(label)', 'text-wrap': 'wrap',
    'text-valign': 'center', 'text-halign': 'center', 'font-size': 12,
    'font-family': 'sans-serif', width: 'data(w)', height: 32, 'border-width': 2,
    'background-color': (n) => FILL[n.data('cls')], 'border-color': (n) => BORDER[n.data('cls')],
  } },
  { selector: ':parent', style: {
    'text-valign': 'top', 'text-halign': 'center', 'font-weight': 'bold', padding: 8,
    'background-opacity': 0.35, 'text-margin-y': -3,
  } },
  // Right-angled edges, in the direction of the layout (left to right).
  { selector: 'edge', style: {
    width: 1.4, 'line-color': '#7a7a7a', 'target-arrow-color': '#7a7a7a',
    'target-arrow-shape': 'triangle', 'curve-style': 'taxi', 'taxi-direction': 'rightward',
    'taxi-turn': 12, 'arrow-scale': 0.8,
  } },
  { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#1d4ed8' } },
];

// Status on a node in short: the action and a mark (the colour says the
// same; the full status is in the details and the text list).
const MARKS = { complete: '✓', progress: '…', failed: '✗' };
export function shortStatus(status) {
  const cls = statusClass(status);
  const action = (status || '').split('_')[0].toLowerCase();
  return MARKS[cls] ? `${action} ${MARKS[cls]}` : action;
}

// A box (a resource holding a child stack) has its label on one line, in
// the room ELK leaves above its children (layout.js's top padding).
function label(name, status, box) {
  return `${name}${box ? ' · ' : '\n'}${shortStatus(status)}`;
}

export function nodeId(stackId, name) {
  return `${stackId}:${name}`;
}

// Wide enough for the name and for the longest short status ("rollback …"),
// so a status change never needs a new layout.
function width(resource) {
  return Math.max(resource.resource_name.length, 10) * 6.6 + 14;
}

// Cytoscape elements for a resource list fetched with nested_depth;
// ``latest``: {node id: status} from events, newer than the list's.
export function elements(resources, latest = {}) {
  const owner = {};   // child stack id -> node id of the resource that owns it
  for (const r of resources) {
    const child = linkedStackId(r, 'nested');
    if (child) owner[child] = nodeId(linkedStackId(r, 'stack'), r.resource_name);
  }
  const boxes = new Set(Object.values(owner));
  const nodes = [];
  const edges = [];
  for (const r of resources) {
    const stackId = linkedStackId(r, 'stack');
    const id = nodeId(stackId, r.resource_name);
    const status = latest[id] || r.resource_status;
    const data = {
      id, name: r.resource_name, type: r.resource_type, status,
      cls: statusClass(status), label: label(r.resource_name, status, boxes.has(id)),
      box: boxes.has(id), w: width(r), stackId,
      reason: r.resource_status_reason, path: r.parent_resource,
    };
    if (owner[stackId]) data.parent = owner[stackId];
    nodes.push({ data });
    for (const dependent of r.required_by || []) {
      edges.push({ data: { id: `${id}->${dependent}`, source: id,
        target: nodeId(stackId, dependent) } });
    }
  }
  const known = new Set(nodes.map((n) => n.data.id));
  return [...nodes, ...edges.filter((e) => known.has(e.data.target))];
}

// The graph is a canvas; beside it, the same nodes as a list that screen
// readers (and the browser tests) read: one item per resource, its
// status in data-status.
export class StackGraphView {
  constructor(container, textList, onSelect) {
    this.cy = cytoscape({ container, style: STYLE, minZoom: 0.2, maxZoom: 1.6 });
    this.container = container;
    this.cy.on('tap', 'node', (event) => onSelect(event.target.data()));
    this.shape = '';
    this.list = textList;
    this.items = new Map();
  }

  // Replace the graph if its shape (nodes, nesting, edges) changed, and
  // lay it out again; else recolour only.
  show(resources, latest) {
    const wanted = elements(resources, latest);
    const shape = wanted.map((e) => `${e.data.id}<${e.data.parent || ''}`).sort().join('|');
    if (shape !== this.shape) {
      this.shape = shape;
      // Until the worker's layout arrives, the nodes drawn before stay where
      // they were, and a new one sits where its box (or its stack) was.
      const before = {};
      this.cy.nodes().forEach((n) => { before[n.id()] = { ...n.position() }; });
      this.cy.batch(() => {
        this.cy.elements().remove();
        this.cy.add(wanted);
        this.cy.nodes().filter((n) => !n.isParent()).forEach((n) => {
          const place = before[n.id()] || before[n.data('parent')];
          if (place) n.position(place);
        });
      });
      // Until the first layout lands the nodes have no places: the canvas
      // stays hidden (data-layout says which), later ones keep the old places.
      this.container.dataset.layout = 'pending';
      layOut(this.cy).then((placed) => {
        if (!placed) return;
        this.container.dataset.layout = 'done';
        this.container.dataset.laidOut = '';
      }).catch((error) => console.error('layout failed', error));
      this.syncList(wanted.filter((e) => !e.data.source).map((e) => e.data));
      return;
    }
    this.cy.batch(() => {
      for (const e of wanted) {
        if (e.data.source) continue;
        this.setStatus(e.data.id, e.data.status, e.data.reason);
      }
    });
  }

  syncList(nodes) {
    const keep = new Set(nodes.map((n) => n.id));
    for (const [id, item] of this.items) {
      if (!keep.has(id)) { item.remove(); this.items.delete(id); }
    }
    for (const n of nodes) {
      if (this.items.has(n.id)) { this.listStatus(n.id, n.status); continue; }
      const item = document.createElement('li');
      item.dataset.node = n.id;
      item.dataset.name = n.path ? `${n.path}/${n.name}` : n.name;
      item.dataset.status = n.status;
      item.textContent = `${item.dataset.name}: ${n.status}`;
      this.items.set(n.id, item);
      this.list.append(item);
    }
  }

  listStatus(id, status) {
    const item = this.items.get(id);
    if (item && item.dataset.status !== status) {
      item.dataset.status = status;
      item.textContent = `${item.dataset.name}: ${status}`;
    }
  }

  has(id) {
    return this.cy.getElementById(id).nonempty();
  }

  // One resource's new status, from an event: recoloured in place.
  setStatus(id, status, reason) {
    const node = this.cy.getElementById(id);
    if (node.empty()) return false;
    if (node.data('status') !== status) {
      node.data({ status, cls: statusClass(status), reason,
        label: label(node.data('name'), status, node.data('box')) });
      this.listStatus(id, status);
    }
    return true;
  }

  knowsStack(stackId) {
    return this.cy.nodes().some((n) => n.data('stackId') === stackId);
  }

  fit() { this.cy.fit(undefined, 16); }

  destroy() { this.cy.destroy(); }
}
