"""Sync points: a node runs when the last of its predecessors arrives.

Arrival costs O(1) statements: an insert (which also deduplicates a
redelivered message) and, for nodes with several predecessors, an atomic
decrement read back in the same transaction.
"""
from heat_conv.db import api as db_api
from heat_conv.engine import rpc
from heat_conv.hot import template as hot_template

STACK_ENTITY = 0


def edge_data(name, row_id, refid, attributes, wanted):
    """What a completed update node tells one successor: only what it uses."""
    if hot_template.ALL_ATTRIBUTES in wanted:
        picked = dict(attributes)
    else:
        picked = {a: attributes.get(a) for a in wanted}
    return {'name': name, 'row': row_id, 'refid': refid, 'attrs': picked}


def propagate(stack_id, traversal_id, node, sender):
    """Report ``node`` complete to its successors and start the ready ones.

    ``sender`` is (name, row_id, refid, attributes) for update nodes, None
    for cleanup nodes (their successors need no data).
    Returns True when the stack's completion node became ready.
    """
    entity_id, is_update = node
    stack_ready = False
    for (requirer_id, requirer_is_update, attrs, sp_id, predecessors,
         definition) in db_api.successors(traversal_id, entity_id, is_update):
        if sp_id is None:
            continue
        data = None
        if sender is not None and requirer_is_update:
            name, row_id, refid, attributes = sender
            data = edge_data(name, row_id, refid, attributes, attrs)
        last = db_api.sync_arrive(sp_id, stack_id, entity_id, is_update, data,
                                  single_predecessor=predecessors == 1)
        if not last:
            continue
        if requirer_id is None:
            stack_ready = True
            continue
        inputs = [data] if predecessors == 1 else _inputs(sp_id)
        rpc.cast('check_resource', stack_id=stack_id, traversal_id=traversal_id,
                 entity_id=requirer_id, is_update=requirer_is_update,
                 definition=definition, inputs=inputs)
    return stack_ready


def _inputs(sync_point_id):
    return [d for d in db_api.sync_inputs(sync_point_id) if d is not None]


def retrigger(stack_id, traversal_id, entity_id):
    """Start the nodes of ``entity_id`` in ``traversal_id`` that are ready.

    Used when an action that belonged to an older traversal ends: the newer
    traversal's message for this row was dropped while the row was busy.
    """
    for is_update in (True, False):
        sp = db_api.sync_point_get(traversal_id, entity_id, is_update)
        if sp is None:
            continue
        inputs = db_api.sync_inputs(sp.id) if sp.predecessors else []
        if len(inputs) < sp.predecessors:
            continue   # a predecessor will start it when it arrives
        rpc.cast('check_resource', stack_id=stack_id, traversal_id=traversal_id,
                 entity_id=entity_id, is_update=is_update,
                 definition=sp.definition,
                 inputs=[d for d in inputs if d is not None])
