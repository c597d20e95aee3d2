// Injected before the page loads: notes when each status of each graph
// node first reached the page (the graph's text list, li[data-node]).
// window.__statusesShown: [{node, status, t}] with t from Date.now().
(() => {
  const shown = [];
  window.__statusesShown = shown;
  const note = (node, status, t) => shown.push({ node, status, t });
  const observer = new MutationObserver((records) => {
    const t = Date.now();
    const changes = new Map();   // li -> [old values, in order]
    const added = [];
    for (const record of records) {
      if (record.type === 'attributes' && record.target.dataset.node) {
        if (!changes.has(record.target)) changes.set(record.target, []);
        changes.get(record.target).push(record.oldValue);
      }
      if (record.type === 'childList') {
        for (const n of record.addedNodes) if (n.dataset && n.dataset.node) added.push(n);
      }
    }
    // Each change's new value is the next change's old value, the last
    // one's the value now: so every status set in one task is noted.
    for (const item of added) {
      const olds = changes.get(item);
      note(item.dataset.node, olds ? olds[0] : item.dataset.status, t);
    }
    for (const [item, olds] of changes) {
      for (let i = 1; i < olds.length; i += 1) note(item.dataset.node, olds[i], t);
      note(item.dataset.node, item.dataset.status, t);
    }
  });
  const start = () => observer.observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeOldValue: true,
    attributeFilter: ['data-status'] });
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})();

// And when each of the page's event polls started and answered, so that a
// late status says whether the API or the page was slow.
(() => {
  const polls = [];
  window.__eventPolls = polls;
  const original = window.fetch;
  window.fetch = async (...args) => {
    const url = String(args[0]);
    const start = Date.now();
    const answer = await original(...args);
    if (url.includes('/events?')) polls.push({ start, end: Date.now() });
    return answer;
  };
})();
