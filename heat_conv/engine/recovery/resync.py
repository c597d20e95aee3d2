"""Re-drive the steps of a traversal that a dead engine took with it.

An engine that dies may have been in the middle of a step: it had taken
the step's message off the queue (so the broker will not deliver it again)
and had not yet told the node's successors that it finished. Nothing in
the database names such a step, but the graph shows where it was: a node
whose predecessors have all arrived and that has not arrived at each of
its own successors. Casting ``check_resource`` again for exactly those
nodes (the traversal's frontier) resumes the traversal. A node that is in
fact still being worked on, or whose message is still queued, gets a
duplicate, which its step ignores (a busy row) or repeats harmlessly (a
finished row tells its successors again; arrivals are deduplicated).
"""
import collections
import logging

from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_state
from heat_conv.engine.core import sync_point

LOG = logging.getLogger(__name__)

STACK_NODE = (sync_point.STACK_ENTITY, True)


def resync(stack):
    """Re-drive the frontier of ``stack``'s current traversal; returns how
    many steps were cast again."""
    if stack.status != Status.IN_PROGRESS or stack.current_traversal is None:
        return 0
    traversal_id = stack.current_traversal
    points, edges, arrivals = db_api.traversal_state(traversal_id, stack.id)
    if not points:
        # The traversal's graph was never stored: its converge was lost.
        rpc.cast(messages.Converge(stack.id, traversal_id))
        return 1
    frontier, stack_ready = frontier_of(points, edges, arrivals)
    sync_point.cast_check_resources(stack.id, traversal_id, [
        ((point.entity_id, point.is_update),
         [messages.Input.from_dict(d) for d in inputs if d is not None]
         if point.is_update else [])
        for point, inputs in frontier])
    if stack_ready:
        # Every root arrived: only the stack's own completion was lost.
        stack_state.complete(stack.id, traversal_id)
    if frontier:
        LOG.info('stack %s: re-drove %d steps of traversal %s', stack.id, len(frontier),
                 traversal_id)
    return len(frontier)


def frontier_of(points, edges, arrivals):
    """The ready nodes that have not reached every successor, each with
    the data its predecessors sent; and whether the stack's own completion
    node is ready. Pure: the stored graph in, the nodes to start out."""
    by_node = {(p.entity_id, p.is_update): p for p in points}
    arrived = collections.defaultdict(set)
    data = collections.defaultdict(list)
    for sync_point_id, sender_id, sender_is_update, payload in arrivals:
        arrived[sync_point_id].add((sender_id, bool(sender_is_update)))
        data[sync_point_id].append(payload)
    recorded = {p.id: len(arrived[p.id]) for p in points}
    for p in points:
        if p.update_arrived:
            # The row's own update node arrives at its cleanup node as a flag.
            arrived[p.id].add((p.entity_id, True))
    successors = collections.defaultdict(list)
    for required_id, required_is_update, requirer_id, requirer_is_update in edges:
        requirer = STACK_NODE if requirer_id is None else (requirer_id,
                                                           bool(requirer_is_update))
        successors[(required_id, bool(required_is_update))].append(requirer)

    def ready(point):
        return sync_point.ready(point, recorded[point.id])

    frontier = []
    for node, point in sorted(by_node.items()):
        if node == STACK_NODE or not ready(point) or sync_point.passes_through(point):
            # Not ready; or a cleanup node passed through the moment it was
            # ready, which left its arrivals in its successors' counters.
            continue
        waiting = [by_node.get(s) for s in successors[node]]
        if all(s is not None and node in arrived[s.id] for s in waiting):
            continue
        frontier.append((point, data[point.id]))
    stack_point = by_node.get(STACK_NODE)
    return frontier, stack_point is not None and ready(stack_point)
