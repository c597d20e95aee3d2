"""A resource's metadata, stored resolved as Heat stores it.

The template's ``metadata`` section may read other resources (a load
balancer's list of a group's members). The step that converges a resource
resolves it against what its predecessors sent, like its properties, and
records the result with the row (``rsrc_metadata``): the metadata API, the
agents that poll a server and a child stack's ``resource_facade`` read it
from there. A group that a scaling policy resized has new attributes
without a step of the parent stack, so the metadata that reads the group
is resolved again then (``refresh_readers_of``), as Heat refreshes the
stack's metadata after a signal.
"""
import logging

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.engine.core import resource_action
from heat_conv.hot import template as hot_template
from heat_conv.stacks import resource_rows
from heat_conv.stacks import stored_template

LOG = logging.getLogger(__name__)

# How many times a refresh reads a row again after losing it to another
# writer between its read and its write.
WRITE_ATTEMPTS = 3


def resolve(definition, refs, attrs):
    """The metadata of ``definition`` (a frozen definition) resolved against
    the reference ids and attributes of the resources it reads: a dict."""
    if not definition.metadata:
        return {}
    resolved = hot_template.resolve_frozen(definition.metadata, definition.version,
                                           refs, attrs)
    return resolved if isinstance(resolved, dict) else {}


def refresh_readers_of(stack_id, name):
    """Resolve again the metadata of every resource of the stack whose
    metadata reads resource ``name`` (whose attributes just changed outside
    a step), and record it where it changed."""
    try:
        stack = db_api.stack_get(stack_id)
    except exception.NotFound:
        return
    bound = stored_template.safe_bind(stack, stored_template.raw(stack))
    if bound is None:
        return
    readers = [bound.resource(r) for r in bound.resource_names()
               if bound.resource(r).metadata and name in bound.resource(r).requires()]
    for definition in readers:
        try:
            _refresh(stack_id, definition)
        except exception.HeatConvException as exc:
            # The metadata stays as it was; the next step resolves it again.
            LOG.warning('metadata of resource %s not refreshed: %s', definition.name, exc)


def _refresh(stack_id, definition):
    names = sorted(definition.requires())
    for _ in range(WRITE_ATTEMPTS):
        shown = resource_rows.shown(db_api.resources_of_stack(
            stack_id, names=names + [definition.name]))
        row = shown.pop(definition.name, None)
        if row is None or row.action in (Action.INIT, Action.DELETE) or row.engine_id:
            # Not built, going, or a step acts on it: that step resolves it.
            return
        metadata = resolve(definition, *resource_rows.reference_data(shown))
        if metadata == (row.rsrc_metadata or {}):
            return
        if resource_action.write(row, {'rsrc_metadata': metadata}, engine_id=None):
            return
