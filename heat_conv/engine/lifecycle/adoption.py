"""Adopting objects: the rows an adopt inserts, and one resource's step.

An adopted stack's rows are inserted with their objects' ids (``rows``).
The step asks the plugin whether the object is there and records the
template's properties, ADOPT_COMPLETE; it never creates anything, so
redelivering the step, or restarting it after its engine died, is
harmless. A stack-backed resource's object is its child stack: its step
adopts a new child stack from the resource's entry in the document (the
child's own abandon document, as Heat's), whose rows carry the objects.

A document is only a claim: before taking an object over, the step asks
the plugin whether this stack may (resources/ownership.py), and an object another
project's or another live stack's is refused. Until its step has adopted
it, a row keeps the document's id in its data, not as its physical id,
so deleting a stack whose adopt failed deletes nothing it never took.
"""
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import resource_action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

# Where a stack-backed row keeps its child's document until its step adopts it.
CHILD_DOCUMENT = 'adopt_resources'
# Where a row keeps the id of the object the document names, until then.
DOCUMENTED_ID = 'adopt_resource_id'


def rows(bound, documented):
    """The INIT rows of the adopted stack whose template is ``bound``;
    ``documented``: the document's ``resources`` (name: entry)."""
    return [_row(bound.resource(name).frozen(), documented.get(name) or {})
            for name in bound.resource_names()]


def _row(definition, adopted):
    physical_id = adopted.get('resource_id')
    row = {'name': definition['name'], 'type': definition['type'],
           'nested_template': definition.get('nested_template'),
           'action': Action.INIT, 'status': Status.COMPLETE, 'requires': [],
           'deletion_policy': definition.get('deletion_policy') or 'Delete',
           'rsrc_data': {DOCUMENTED_ID: str(physical_id)} if physical_id else None,
           'attributes_data': adopted.get('resource_data') or None,
           'rsrc_metadata': adopted.get('metadata') or None}
    if _stack_backed(definition):
        # The old child stack is gone: a new one adopts its objects.
        row.update(attributes_data=None,
                   rsrc_data={CHILD_DOCUMENT: adopted.get('resources') or {}})
    return row


def _stack_backed(definition):
    try:
        return registry.get(definition['type'],
                            nested_template=definition.get('nested_template')).stack_backed
    except exception.HeatConvException:
        return False


def run(row, step, plugin, physical_id=None):
    """Adopt ``row``'s object, or ``physical_id`` (with ``plugin`` at the
    template's properties); the step's Result, or None when another writer
    took the row first."""
    documented = plugin.data.pop(DOCUMENTED_ID, None)
    physical_id = physical_id or documented or row.physical_resource_id
    if resource_action.lock(row, step, Action.ADOPT) is None:
        return None
    if plugin.stack_backed:
        outcome = extensions.service(extensions.CHILD_STACKS).adopt(
            row, plugin, plugin.data.pop(CHILD_DOCUMENT, None) or {})
    elif not physical_id:
        outcome = base.Failed('Resource ID was not provided.')
    else:
        plugin.physical_id = physical_id
        refused = plugin.adoption_refusal(adopter(row.stack_id))
        if refused is not None:
            # Refused, the row records no object: deleting its stack must
            # not delete someone else's.
            row.physical_resource_id = plugin.physical_id = None
            outcome = base.Failed(refused)
        else:
            outcome = plugin.adopt()
    return resource_action.settle(row, step, Action.ADOPT, plugin, outcome, started=True)


def adopter(stack_id):
    """The ownership.Adopter of stack ``stack_id``: who it is, and what the
    database knows of the stacks an object may name."""
    return base.Adopter(stack_id=stack_id,
                             project_id=db_api.stack_get(stack_id).tenant,
                             stack=_known, held_by=lambda physical_id:
                             db_api.resource_holder(physical_id, stack_id))


def _known(stack_id):
    try:
        stack = db_api.stack_get(stack_id)
    except exception.NotFound:
        return None
    return base.StackKnown(project_id=stack.tenant, live=stack.deleted_at is None)
