"""What a scenario can do to a stack and see of it, on any driver."""
import uuid

from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.engine.core import stack_operations
from heat_conv.engine.lifecycle import snapshots
from heat_conv.engine.lifecycle import stack_abandon
from heat_conv.engine.lifecycle import stack_adopt
from heat_conv.engine.lifecycle import stack_lifecycle
from heat_conv.engine.signals import signal_operations


class Driver:
    slow = 30
    ctx = None
    cloud = None
    # Objects in the cloud before the scenario began (a shared cloud's).
    foreign_ids = frozenset()

    def __init__(self):
        self.stack_id = None

    # operations, as the API performs them
    def create(self, template, params=None, disable_rollback=True, name=None,
               timeout=None, auto_heal=False, files=None, environment=None):
        name = name or f'scenario-{uuid.uuid4().hex[:8]}'
        stack = stack_operations.create_stack(
            self.ctx, name, template, params=params, disable_rollback=disable_rollback,
            timeout=timeout, auto_heal=auto_heal, files=files, environment=environment)
        self.stack_id = stack.id
        return stack

    def update(self, template=None, params=None, existing=False, disable_rollback=None,
               files=None, environment=None):
        return stack_operations.update_stack(
            self.ctx, self.stack_id, template, params=params, existing=existing,
            disable_rollback=disable_rollback, files=files, environment=environment)

    def signal(self, resource_name, details=None, declared_type=None):
        """``POST .../resources/{name}/signal``, as the API performs it."""
        return signal_operations.signal(self.ctx, self.stack_id, resource_name, details,
                                        declared_type=declared_type)

    def row(self, name):
        """The newest row of ``name``, built or not (None if it has none)."""
        rows = db_api.resources_of_stack(self.stack_id, names=[name])
        return rows[-1] if rows else None

    def delete(self):
        return engine_api.delete_stack(self.ctx, self.stack_id)

    def cancel(self, rollback=True):
        return stack_operations.cancel_update(self.ctx, self.stack_id, rollback=rollback)

    def check(self):
        return stack_operations.check_stack(self.ctx, self.stack_id)

    def suspend(self):
        return stack_lifecycle.suspend_stack(self.ctx, self.stack_id)

    def resume(self):
        return stack_lifecycle.resume_stack(self.ctx, self.stack_id)

    def abandon(self):
        return stack_abandon.abandon_stack(self.ctx, self.stack_id)

    def export(self):
        return stack_abandon.export_stack(self.ctx, self.stack_id)

    def adopt(self, data, name=None, params=None, files=None):
        name = name or f'adopted-{uuid.uuid4().hex[:8]}'
        stack = stack_adopt.adopt_stack(self.ctx, name, stack_adopt.parse(data),
                                        params=params, files=files)
        self.stack_id = stack.id
        return stack

    def snapshot(self, name=None):
        return snapshots.create_snapshot(self.ctx, self.stack_id, name)

    def show_snapshot(self, snapshot_id):
        return snapshots.show_snapshot(self.ctx, self.stack_id, snapshot_id)

    def delete_snapshot(self, snapshot_id):
        return snapshots.delete_snapshot(self.ctx, self.stack_id, snapshot_id)

    def snapshots(self):
        return db_api.snapshot_list(self.stack_id)

    def restore(self, snapshot_id):
        return snapshots.restore_snapshot(self.ctx, self.stack_id, snapshot_id)

    # observation
    def stack(self):
        return db_api.stack_get(self.stack_id)

    def stack_status(self):
        stack = self.stack()
        return f'{stack.action}_{stack.status}'

    def resources(self):
        """Live rows by name: the newest row of each name not deleted."""
        live = {}
        for row in db_api.resources_of_stack(self.stack_id):
            if row.action == 'INIT':
                continue
            live[row.name] = row
        return live

    def rows(self):
        return db_api.resources_of_stack(self.stack_id)

    def resource_status(self, name):
        row = self.resources().get(name)
        return f'{row.action}_{row.status}' if row else None

    def events(self):
        return db_api.event_list(self.stack_id)

    def outputs(self):
        """{output key: value} of the stack, as the API shows them."""
        from heat_conv.stacks import stored_template
        stack = self.stack()
        bound = stored_template.bound(stack)
        refs, attrs = stored_template.output_data(stack, bound)
        return {o['output_key']: o.get('output_value')
                for o in stored_template.outputs(bound, refs, attrs)}

    def stack_row(self, stack_id):
        """Any stack of the tree, deleted or not."""
        return db_api.stack_get(stack_id)

    def rows_of(self, stack_id):
        return db_api.resources_of_stack(stack_id)

    def events_of(self, stack_id):
        return db_api.event_list(stack_id)

    def scenario_cloud(self):
        """Every object of the cloud this scenario made, every field."""
        return [o for o in self.cloud.list() if o['id'] not in self.foreign_ids]

    def objects(self):
        return self.cloud.list(stack_id=self.stack_id)

    def tree(self):
        """The stack and its live descendants, parents first."""
        stacks = [self.stack()]
        for stack in stacks:
            stacks.extend(db_api.stack_children(stack.id))
        return stacks

    def tree_objects(self):
        """Cloud objects of every stack of the tree, and of deleted
        children (whose objects must be gone too)."""
        return [obj for obj in self.cloud.list()
                if obj['metadata'].get('stack_id') in self.tree_ids]

    @property
    def tree_ids(self):
        # Remembered: a deleted child's id must still count.
        ids = getattr(self, '_tree_ids', set())
        ids.update(s.id for s in self.tree())
        self._tree_ids = ids
        return ids

    def objects_by_name(self):
        by_name = {}
        for obj in self.objects():
            by_name.setdefault(obj['metadata']['resource_name'], []).append(obj)
        return by_name

    def settle(self):
        self.run_until(lambda: self.stack().status != 'IN_PROGRESS', 'stack to settle')
        self.drain()
        return self.stack_status()

    def run_until(self, predicate, what='condition'):
        raise NotImplementedError

    def drain(self):
        raise NotImplementedError
