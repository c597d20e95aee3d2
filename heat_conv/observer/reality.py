"""Which rows the observer asks about together, and how.

Rows of simulated-cloud types are asked about with the simulated cloud's
``get_many``, in batches, as always. Rows of real-cloud types (a plugin
with an ``observe_key``) are grouped by the stack's project and that key,
and each group is asked with one ``observe_many`` call, through the
connection of one of its stacks: one list call per service per project per
pass, however many objects wait. A project's objects are visible to any of
its stacks' trusts, so which stack's connection asks does not matter.
"""
import dataclasses
import logging
import time

from heat_conv.db import api as db_api
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)


class Unaskable(Exception):
    """A group's service could not be asked this pass."""


@dataclasses.dataclass
class Group:
    project: str
    key: tuple
    plugin_class: type
    rows: list

    def names(self):
        return f'project {self.project}, {"/".join(str(k) for k in self.key)}'


def default_connection_for(stack_id):
    """The openstacksdk connection that acts for ``stack_id``'s owner."""
    from heat_conv.clients import connections
    return connections.for_stack(stack_id)


def split(rows):
    """(rows the simulated cloud shows, [Group] of real-cloud rows)."""
    simulated, real = [], []
    for row in rows:
        cls = _plugin_class(row)
        key = cls.observe_key() if cls is not None else None
        (simulated if key is None else real).append((row, cls, key))
    if not real:
        return [row for row, _, _ in simulated], []
    projects = db_api.stacks_projects({row.stack_id for row, _, _ in real})
    groups = {}
    for row, cls, key in real:
        project = projects.get(row.stack_id)
        group = groups.get((project, key))
        if group is None:
            group = groups[(project, key)] = Group(project, key, cls, [])
        group.rows.append(row)
    return [row for row, _, _ in simulated], list(groups.values())


def look(group, connection_for=None, batch_size=500):
    """(the connection used, {physical id: object, or None when gone}, the
    calls made) for the group's rows: one ``observe_many`` call (one per
    ``batch_size`` objects in a very large group). Raises Unaskable."""
    cloud = _connection(group, connection_for or default_connection_for)
    ids = sorted({row.physical_resource_id for row in group.rows
                  if row.physical_resource_id})
    objects, calls = {}, 0
    started = time.monotonic()
    try:
        for start in range(0, len(ids), batch_size):
            calls += 1
            objects.update(group.plugin_class.observe_many(
                cloud, ids[start:start + batch_size]))
    except Exception as exc:
        raise Unaskable(f'{type(exc).__name__}: {exc}') from exc
    LOG.debug('observer: asked about %d object(s) of %s in %d call(s), %.3f s',
              len(ids), group.names(), calls, time.monotonic() - started)
    return cloud, objects, calls


def _connection(group, connection_for):
    """A connection of one of the group's stacks: the first that has one
    (a stack whose trust was deleted cannot ask, its neighbours can)."""
    errors = []
    for stack_id in sorted({row.stack_id for row in group.rows}):
        try:
            return connection_for(stack_id)
        except Exception as exc:
            errors.append(f'stack {stack_id}: {type(exc).__name__}: {exc}')
    raise Unaskable('no connection: ' + '; '.join(errors))


def _plugin_class(row):
    try:
        return registry.get(row.type, nested_template=row.nested_template)
    except Exception:   # a type removed since the row was made
        return None
