"""Run one action on one resource row, under its lock.

The lock is the row's ``engine_id`` plus ``atomic_key``: every write is a
compare-and-swap on the key, so two engines can never act on one row at
once and a stale writer's update simply matches nothing.
"""
import logging

from heat_conv.cloud import client as cloud_client
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import events
from heat_conv.engine import identity
from heat_conv.resources import base
from heat_conv.resources import registry

LOG = logging.getLogger(__name__)


class Step:
    """The context an action runs in: which traversal and graph node."""

    def __init__(self, stack_id, traversal_id, node, template_id=None,
                 requires=None):
        self.stack_id = stack_id
        self.traversal_id = traversal_id
        self.node = node
        self.template_id = template_id
        self.requires = requires


class Result:
    """How an action ended: COMPLETE, FAILED, WAITING for the observer, or
    LOST (another writer took the row). ``superseded``: the traversal it
    belonged to is no longer the stack's current one."""

    def __init__(self, status, row, reason=None, superseded=False):
        self.status = status
        self.row = row
        self.reason = reason
        self.superseded = superseded


def plugin_for(row, properties=None, cloud=None):
    cls = registry.get(row.type)
    return cls(row.name, row.stack_id,
               properties if properties is not None else (row.properties_data or {}),
               physical_id=row.physical_resource_id,
               stored_properties=row.properties_data,
               stored_attributes=row.attributes_data, cloud=cloud,
               resource_id=row.uuid)


def lock(row, step, action):
    """Take the row for ``action`` in ``step``; returns the new key or None."""
    row.prior_state = (row.action, row.status, row.status_reason)
    values = {'engine_id': identity.engine_id(), 'action': action,
              'status': 'IN_PROGRESS', 'status_reason': None,
              'traversal_id': step.traversal_id, 'node_id': step.node[0],
              'node_is_update': step.node[1], 'action_started_at': None}
    if not write(row, values, engine_id=None):
        return None
    return row.atomic_key


def run(row, step, action, plugin, old_properties=None):
    """Start ``action`` (CREATE, UPDATE or DELETE) on a row locked by ``lock``.

    Returns a Result; raises base.UpdateReplace when an update turns out to
    need a replacement (the lock is released first).
    """
    try:
        if action == 'CREATE':
            outcome = plugin.create()
        elif action == 'UPDATE':
            outcome = plugin.update(old_properties or {})
        elif row.deletion_policy == 'Retain':
            outcome = base.Done()
        else:
            outcome = plugin.delete()
    except base.UpdateReplace:
        prior_action, prior_status, prior_reason = row.prior_state
        release(row, {'action': prior_action, 'status': prior_status,
                      'status_reason': prior_reason})
        raise
    except cloud_client.CloudError as exc:
        outcome = base.Failed(f'{type(exc).__name__}: {exc}')
    except Exception as exc:   # a plugin bug must fail the resource, not the worker
        LOG.exception('%s %s of %s failed', action, row.type, row.name)
        outcome = base.Failed(f'{type(exc).__name__}: {exc}')
    return settle(row, step, action, plugin, outcome, started=True)


def settle(row, step, action, plugin, outcome, started=False):
    """Record the outcome of an action; the row stays locked while WAITING."""
    physical_id = getattr(outcome, 'physical_id', None) or row.physical_resource_id
    plugin.physical_id = physical_id
    pending_events = []
    if started:
        pending_events.append(events.for_resource(row, action, 'IN_PROGRESS',
                                                  physical_id=physical_id))
    values = {'physical_resource_id': physical_id}
    if action != 'DELETE':
        values['properties_data'] = plugin.properties
        if step.template_id is not None:
            values['template_id'] = step.template_id
        if step.requires is not None:
            values['requires'] = step.requires
    if isinstance(outcome, base.Pending):
        values['action_started_at'] = timeutils.utcnow()
        _write(row, values, pending_events)
        return Result('WAITING', row)
    values.update(engine_id=None, action_started_at=None)
    if isinstance(outcome, base.Failed):
        values.update(status='FAILED', status_reason=outcome.reason)
        status = 'FAILED'
    else:
        if action != 'DELETE':
            values['attributes_data'] = plugin.attributes()
        if action in ('CREATE', 'UPDATE'):
            # Just made to match the template; the observer will confirm.
            values.update(drift_status='IN_SYNC', drift_detail=None)
        values.update(status='COMPLETE', status_reason='state changed')
        status = 'COMPLETE'
    pending_events.append(events.for_resource(row, action, status,
                                              values['status_reason'], physical_id))
    # Releasing the lock also checks, in the same statement, that the
    # traversal is still current; only when it is not do we pay for more.
    if _write(row, values, pending_events,
              while_traversal=(row.stack_id, row.traversal_id)):
        return Result(status, row, reason=values['status_reason'])
    if _write(row, values, pending_events):
        return Result(status, row, reason=values['status_reason'], superseded=True)
    return Result('LOST', row)


def release(row, values):
    return write(row, dict(values, engine_id=None, action_started_at=None))


def write(row, values, engine_id=False, while_traversal=None, events=()):
    """Compare-and-swap ``values`` onto the row (see db resource_cas) and,
    if it won, onto the in-memory ``row`` too, so the next write's
    expected key is right."""
    if not db_api.resource_cas(row.id, row.atomic_key, values, engine_id=engine_id,
                               while_traversal=while_traversal, events=events):
        return False
    row.atomic_key += 1
    for key, value in values.items():
        setattr(row, key, value)
    return True


def _write(row, values, pending_events, while_traversal=None):
    if write(row, values, while_traversal=while_traversal, events=pending_events):
        return True
    if while_traversal is None:
        LOG.warning('lost the lock on resource %s (%s)', row.name, row.id)
    return False
