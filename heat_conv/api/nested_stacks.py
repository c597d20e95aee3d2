"""A stack's tree of child stacks, as the API shows it: ``nested_depth``
listings and the links from stack-backed resources to their children."""
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.plugin_interface import registry


def tree(stack, depth):
    """``stack`` and its live descendants down to ``depth`` levels, each
    parent before its children."""
    out = [stack]
    level = [stack]
    for _ in range(max(depth or 0, 0)):
        level = [child for parent in level for child in db_api.stack_children(parent.id)]
        if not level:
            break
        out.extend(level)
    return out


def children_of(stack, rows):
    """{resource name: child stack} of the stack-backed ``rows`` of ``stack``."""
    wanted = {row.physical_resource_id: row.name for row in rows
              if row.physical_resource_id and _stack_backed(row)}
    if not wanted:
        return {}
    return {wanted[child.id]: child for child in db_api.stack_children(stack.id)
            if child.id in wanted}


def _stack_backed(row):
    try:
        return registry.get(row.type, nested_template=row.nested_template).stack_backed
    except exception.HeatConvException:
        return False
