"""Sync points: a node runs when the last of its predecessors arrives.

Arrival costs O(1) statements: an insert (which also deduplicates a
redelivered message) and, for nodes with several predecessors, an atomic
decrement read back in the same transaction.
"""
import dataclasses
import typing

from heat_conv.db import api as db_api
from heat_conv.engine.core import arrivals_later
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_state
from heat_conv.hot import references
from heat_conv.hot import template as hot_template

STACK_ENTITY = 0
# Modes in which a ready cleanup node acts; in any other it is passed through.
ACTING_CLEANUPS = (messages.Mode.DELETE, messages.Mode.SUSPEND)


def edge_data(name, row_id, refid, attributes, wanted, cancelled=False):
    """What a completed update node tells one successor: only what it uses."""
    if hot_template.ALL_ATTRIBUTES in wanted:
        picked = dict(attributes)
    else:
        picked = {a: attributes.get(a) for a in wanted}
        if references.PER_MEMBER in attributes:   # how a group's paths apply
            picked[references.PER_MEMBER] = attributes[references.PER_MEMBER]
    return messages.Input(name, row_id, refid, picked, cancelled)


def cast_check_resource(stack_id, traversal_id, node, inputs=()):
    """Start graph node ``node`` (entity id, is_update) of a traversal; its
    step reads the node's spec from its sync point with its row."""
    rpc.cast(_check(stack_id, traversal_id, node, inputs))


def cast_check_resources(stack_id, traversal_id, nodes):
    """Start every (node, inputs) of ``nodes`` together: many travel in
    batches (a traversal's leaves, a re-driven frontier)."""
    rpc.cast_all([_check(stack_id, traversal_id, node, inputs) for node, inputs in nodes])


def _check(stack_id, traversal_id, node, inputs):
    return messages.CheckResource(stack_id, traversal_id, node[0], node[1],
                                  inputs=tuple(inputs))


@dataclasses.dataclass(frozen=True)
class Sender:
    """What a completed update node reports about its resource; each
    successor gets the part it uses (an Input)."""
    name: str
    row_id: int
    refid: typing.Any
    attributes: dict
    replaced: bool = False   # a new row stands in for the node's own
    cancelled: bool = False  # a check that failed or was not made


def propagate(stack_id, traversal_id, node, sender, successors=None):
    """Report ``node`` complete to its successors and start the ready ones.

    ``sender`` is a Sender for update nodes, None for cleanup nodes;
    ``successors``: the node's outgoing edges as its sync point stores them
    (models.SyncPoint.successors), if the step read them with its row. A
    ready cleanup node of a row that was kept (not replaced, not to be
    deleted) has nothing to do, so it is passed through right here rather
    than costing a message and a row read; its arrivals move its
    successors' counters and leave no record (see passes_through).
    Returns True when the stack's completion node became ready.

    One transaction (joining the caller's, if any): the arrivals of a node
    and those of the cleanup nodes passed through after it commit together,
    and the casts leave after the commit.
    """
    return db_api.atomically(
        lambda: _propagate(stack_id, traversal_id, node, sender, successors))


def _propagate(stack_id, traversal_id, node, sender, successors):
    stack_ready = False
    if successors is None:
        successors = _stored_successors(traversal_id, node)
    pending = [(node, sender, False, successors)]
    seen_ahead = {}
    while pending:
        (entity_id, is_update), sender, passed, edges = pending.pop()
        arrivals, own, ready = [], None, []
        for sp_id, requirer_id, requirer_is_update, predecessors, attrs, mode, *onward \
                in edges:
            data = None
            if sender is not None and requirer_id == entity_id \
                    and not requirer_is_update:
                # The row's own cleanup; a replaced row must be deleted there.
                own = (sp_id, sender.replaced, predecessors)
            else:
                if sender is not None:
                    data = edge_data(sender.name, sender.row_id, sender.refid,
                                     sender.attributes, attrs, sender.cancelled)
                if arrivals_later.wanted(predecessors, requirer_id, requirer_is_update):
                    arrivals_later.arrive_later(
                        stack_id, traversal_id, sp_id, requirer_id, (entity_id, is_update),
                        data.to_dict() if data is not None else None, record=not passed,
                        ready=_ready_later)
                    continue
                # update nodes finish first, so a cleanup meeting one other
                # predecessor is usually the last
                arrivals.append((sp_id, data.to_dict() if data is not None else None,
                                 predecessors,
                                 not is_update and 0 < predecessors <= 2))
            ready.append((sp_id, requirer_id, requirer_is_update, predecessors, mode, data))
            if onward:   # the own cleanup's edges, stored with this edge
                seen_ahead[sp_id] = onward[0]
        seen = dict(seen_ahead)
        outcomes = db_api.sync_arrive_many(stack_id, entity_id, is_update, arrivals, own,
                                           record=not passed, seen=seen)
        for sp_id, requirer_id, requirer_is_update, predecessors, mode, data in ready:
            arrival = outcomes[sp_id]
            if arrival == db_api.NOT_LAST:
                continue
            if requirer_id is None:
                stack_ready = True
                continue
            if not requirer_is_update:
                if arrival == db_api.LAST and mode not in ACTING_CLEANUPS:
                    # A kept row's cleanup has nothing to do: pass it through.
                    onward = seen.get(sp_id)
                    if onward is None:
                        onward = _or_legacy(db_api.node_successors(sp_id), traversal_id,
                                            (requirer_id, False))
                    pending.append(((requirer_id, False), None, True, onward))
                    continue
                inputs = []
            else:
                # With several predecessors, the step reads what they sent
                # with its row.
                inputs = [data] if predecessors == 1 else []
            cast_check_resource(stack_id, traversal_id, (requirer_id, requirer_is_update),
                                inputs)
    return stack_ready


def _stored_successors(traversal_id, node):
    point = db_api.sync_point_get(traversal_id, node[0], node[1])
    if point is None:
        return []
    return _or_legacy(point.successors, traversal_id, node)


def _or_legacy(stored, traversal_id, node):
    """``stored`` (a sync point's outgoing edges as read), or, when the
    sync point has none stored, the edges from graph_edge."""
    return stored if stored is not None else _legacy(traversal_id, node)


def _legacy(traversal_id, node):
    """The node's outgoing edges in the stored form, for a traversal that
    an earlier release started (its edges are in graph_edge)."""
    return [[sp_id, requirer_id, requirer_is_update, predecessors, attrs,
             None if requirer_id is None or requirer_is_update else
             messages.NodeSpec.from_dict(spec or {}, False).mode]
            for sp_id, requirer_id, requirer_is_update, predecessors, attrs, spec
            in db_api.legacy_successors(traversal_id, node[0], node[1])]


def retrigger(stack_id, traversal_id, entity_id, kinds=(True, False)):
    """Start the nodes of ``entity_id`` in ``traversal_id`` that are ready
    (of ``kinds``: update and cleanup nodes by default).

    Used when an action that belonged to an older traversal ends: the newer
    traversal's message for this row was dropped while the row was busy.
    """
    for is_update in kinds:
        sp = db_api.sync_point_get(traversal_id, entity_id, is_update)
        if sp is None:
            continue
        inputs = db_api.sync_inputs(sp.id) if sp.predecessors else []
        if not ready(sp, len(inputs)) or passes_through(sp):
            # A predecessor will start it when it arrives; or it was passed
            # through the moment it was ready.
            continue
        cast_check_resource(stack_id, traversal_id, (entity_id, is_update),
                            [messages.Input.from_dict(d) for d in inputs if d is not None])


def ready(point, recorded):
    """Whether every predecessor of sync point ``point`` has arrived, given
    ``recorded``, how many arrivals left an input row. Arrivals move the
    counter at a node with several predecessors; at a node with one, an
    arrival leaves an input row or the own-update flag instead, unless it
    was a pass-through's (which leaves none, and moves the counter)."""
    return (point.remaining == 0 or point.predecessors == 0
            or recorded + bool(point.update_arrived) >= point.predecessors)


def passes_through(point):
    """Whether sync point ``point``'s node is a cleanup node that ``propagate``
    passes through, in the same transaction as the arrival that makes it
    ready: its arrivals at its successors leave no input row, so once it is
    ready it counts as arrived there, and it never runs as a step of its
    own. A node some arrival marked must_act, or whose mode acts, or with no
    predecessor (a leaf the converge casts), is a step instead."""
    if point.is_update or point.predecessors == 0 or point.must_act:
        return False
    mode = messages.NodeSpec.from_dict(point.definition or {}, False).mode
    return mode not in ACTING_CLEANUPS


def collate(inputs):
    """(refs, attrs, required row ids) from the Inputs a step received."""
    refs, attrs, requires = {}, {}, []
    for item in inputs:
        refs[item.name] = item.refid
        attrs[item.name] = item.attrs
        requires.append(item.row)
    return refs, attrs, sorted(set(requires))


def _ready_later(stack_id, traversal_id, requirer_id):
    """A node whose last arrival was made at the end of a transaction
    (arrivals_later) is ready: the stack's completion node, or an update
    node, whose step reads what its predecessors sent with its row."""
    if requirer_id is None:
        stack_state.complete(stack_id, traversal_id)
    else:
        cast_check_resource(stack_id, traversal_id, (requirer_id, True))
