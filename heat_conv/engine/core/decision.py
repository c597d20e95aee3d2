"""What converging a resource onto its new definition does to it.

The one decision table, asked by a step before it acts and by an update
preview (which must say what the update will do), so the two cannot
disagree. Pure: it looks only at what it is given.
"""
import enum

from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.common.status import Status


class Change(enum.StrEnum):
    CREATE = 'create'     # nothing built yet, or a failed create that left nothing
    REPLACE = 'replace'   # a new resource stands in for the old one, deleted later
    UPDATE = 'update'     # changed in place
    NONE = 'none'         # already as wanted


def change_for(row, new_type, properties, needs_replace, reality=None,
               nested_template=None, stack_backed=False, replaced_on_update=False,
               substituted=False):
    """The change that makes ``row`` match (``new_type``, ``properties``).

    ``row``: the resource's current row, or None when it has none;
    ``properties``: the new resolved properties; ``needs_replace(old)``:
    the plugin's verdict on changing the properties from ``old``, asked
    only when they differ; ``reality``: the resource's drift status when
    converging from reality, else None (compare with what was stored);
    ``nested_template``: the template file a template resource's type maps
    to; ``stack_backed``: the resource owns a child stack, which is always
    updated (its template may have changed when its properties did not;
    an update that changes nothing costs the child one quick traversal) and
    is updated, not replaced, after a failure, as in Heat, unless a
    property its type cannot update in place changed;
    ``replaced_on_update``: the type is replaced by every update, changed
    or not (Heat's UpdateWaitConditionHandle); ``substituted``: ``new_type``
    is the substitute of the row's deprecated type, the same resource.
    """
    if row is None or row.action in (Action.INIT, Action.DELETE) or (
            row.status == Status.FAILED and not row.physical_resource_id):
        return Change.CREATE
    same_template = (nested_template is not None
                     and getattr(row, 'nested_template', None) == nested_template)
    if (row.type != new_type and not same_template and not substituted) or \
            getattr(row, 'nested_template', None) != nested_template:
        # A new type name for the same template file is the same resource.
        return Change.REPLACE
    if stack_backed:
        # Updated, failed or not, unless a property its type cannot change
        # in place changed (an InstanceGroup's AvailabilityZones): then
        # replaced, as Heat's UpdateReplace does for stack resources too.
        old = row.properties_data or {}
        return Change.REPLACE if old != properties and needs_replace(old) else Change.UPDATE
    if replaced_on_update:
        return Change.REPLACE
    if row.status == Status.FAILED or reality == Drift.DELETED:
        # A failed resource (a failed action, a failed check, marked
        # unhealthy) is not trusted to be updated in place.
        return Change.REPLACE
    old = row.properties_data or {}
    if old == properties:
        return Change.UPDATE if reality == Drift.MODIFIED else Change.NONE
    return Change.REPLACE if needs_replace(old) else Change.UPDATE
