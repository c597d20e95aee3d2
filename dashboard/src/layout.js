// Lays out a cytoscape graph with ELK (elkjs) in a Web Worker, so that a
// layout, which takes a second or two for a tree of 60 resources, never
// holds up the page: statuses keep arriving and recolouring the graph
// while the worker computes where the nodes go.

import ELK from 'elkjs/lib/elk-api.js';

// Left to right in the order a create runs: a screen is wider than high,
// and so is a tree of stacks drawn this way. ELK does not pass a graph's
// options down to the graphs inside its nodes, so each box gets them too.
const BOX_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  // (No considerModelOrder: elkjs 0.12 fails on it across boxes.)
  'elk.layered.spacing.nodeNodeBetweenLayers': '22',
  'elk.spacing.nodeNode': '12',
  'elk.padding': '[top=30,left=10,bottom=10,right=10]',
};

let elk = null;

function worker() {
  // The worker script is shipped beside the page (build.mjs copies it).
  if (!elk) elk = new ELK({ workerUrl: 'elk-worker.min.js' });
  return elk;
}

// The ELK graph of cy's nodes: a node with children is a box holding them.
function elkGraph(cy) {
  const root = {
    id: '__root',
    layoutOptions: { ...BOX_OPTIONS, 'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.aspectRatio': String(cy.width() / Math.max(cy.height(), 1)) },
    children: [],
    edges: [],
  };
  const boxes = new Map();
  cy.nodes().forEach((n) => {
    boxes.set(n.id(), n.isParent()
      ? { id: n.id(), layoutOptions: BOX_OPTIONS, children: [] }
      : { id: n.id(), width: n.width(), height: n.height() });
  });
  cy.nodes().forEach((n) => {
    const parent = n.parent();
    (parent.nonempty() ? boxes.get(parent.id()).children : root.children).push(boxes.get(n.id()));
  });
  cy.edges().forEach((e) => root.edges.push({ id: e.id(), sources: [e.source().id()],
    targets: [e.target().id()] }));
  return root;
}

// {node id: centre}, from ELK's top-left corners relative to each box.
function centres(graph) {
  const out = {};
  const walk = (box, dx, dy) => {
    for (const child of box.children || []) {
      const x = dx + child.x;
      const y = dy + child.y;
      if (child.children && child.children.length) walk(child, x, y);
      else out[child.id] = { x: x + child.width / 2, y: y + child.height / 2 };
    }
  };
  walk(graph, 0, 0);
  return out;
}

// Lay cy out; resolves false if a newer layout started meanwhile (its
// result wins), true once the nodes are placed.
let generation = 0;
export async function layOut(cy) {
  generation += 1;
  const mine = generation;
  const placed = await worker().layout(elkGraph(cy));
  if (mine !== generation || cy.destroyed()) return false;
  const positions = centres(placed);
  // A node that came after the layout started keeps its place until the next.
  cy.layout({ name: 'preset', positions: (n) => positions[n.id()] || n.position(), fit: true,
    padding: 12, animate: false }).run();
  return true;
}
