// A child stack being deleted leaves its parent's nested event listing as
// soon as it is gone (as in Heat, which finds nested events through the
// parent's live resources), often before the page's next poll has read
// its last events. So from the event that starts its delete, each child
// stack's own events are followed, through the child's own events
// endpoint, until the child is DELETE_COMPLETE, its delete stops, or it
// is gone: every resource's last status reaches the page.

import { api } from './api.js';

const POLL_MS = 500;

// The child stack's own event that ends its delete, one way or the other.
function endsDelete(event, child) {
  return event.physical_resource_id === child.id
    && ['DELETE_COMPLETE', 'DELETE_FAILED'].includes(event.resource_status);
}

export class DeletingChildren {
  // onEvents(events): called with each child's new events, oldest first.
  constructor(onEvents, onError) {
    this.onEvents = onEvents;
    this.onError = onError;
    this.followed = new Map();   // child stack id -> {child, marker, timer}
    this.stopped = false;
  }

  // Follow ``child`` ({name, id}) from the event ``marker`` on (events are
  // numbered over all stacks, so any stack's event is a marker here).
  follow(child, marker) {
    if (this.stopped || this.followed.has(child.id)) return;
    const state = { child, marker, timer: null };
    this.followed.set(child.id, state);
    this.poll(state);
  }

  poll(state) {
    if (this.stopped) return;
    let done = false;
    api.events(state.child, 0, state.marker)
      .then((events) => {
        if (events.length) state.marker = events[events.length - 1].id;
        this.onEvents(events);
        done = events.some((e) => endsDelete(e, state.child));
      }, (error) => {
        if (error.status === 404) done = true; else this.onError(error);
      })
      .finally(() => {
        if (done || this.stopped) {
          // A later delete of the same child (after a failed one) follows it again.
          this.followed.delete(state.child.id);
          return;
        }
        state.timer = setTimeout(() => this.poll(state), POLL_MS);
      });
  }

  stop() {
    this.stopped = true;
    for (const state of this.followed.values()) clearTimeout(state.timer);
  }
}
