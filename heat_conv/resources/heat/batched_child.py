"""Updating a child stack in batches, with a pause between two: the part
of a group's rolling update that does not depend on what its members are.

The batches are planned when the action starts and kept in the row's
data (``batches``, with ``pause`` seconds between two); the subclass's
``next_batch`` pops the next one and answers with its ChildSpec. Each
time the child settles, ``child_done`` goes on with the next batch; a
pause is a wait (Pending) that the observer ends by asking ``progress``
once it is over. No thread ever sleeps.
"""
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.hot import evaluator
from heat_conv.plugin_interface import base
from heat_conv.resources.heat import group_policy
from heat_conv.resources.heat import stack_backed

_KEYS = ('batches', 'paused_until')


class BatchedChild:

    def next_batch(self):
        """The ChildSpec of the next batch (it pops it from the data)."""
        raise NotImplementedError

    def batches_done(self, outcome):
        """The last batch settled (or one failed): the action's outcome, or
        a ChildSpec to converge to next."""
        return outcome

    def batch_spec(self, template):
        """The ChildSpec of a batch's ``template``. Outside a stack operation
        (a later batch, a policy's resize) the child keeps its files and
        environment."""
        if self.definition is not None:
            return self.member_spec(template)
        raw = db_api.raw_template_get(self.child_stack().raw_template_id)
        return stack_backed.ChildSpec(template=template, files=dict(raw.files or {}),
                                      environment=raw.environment or {},
                                      timeout=db_api.stack_get(self.stack_id).timeout)

    def update_policy(self):
        """The group's parsed ``update_policy`` (see group_policy)."""
        snippet = self.definition.update_policy if self.definition is not None else None
        path = ('resources', self.name, 'update_policy')
        if not snippet:
            return group_policy.parse({}, path)
        return group_policy.parse(evaluator.resolve_frozen(
            snippet, self.definition.version, {}, {}, path=path), path)

    def timeout_secs(self):
        minutes = db_api.stack_get(self.stack_id).timeout
        return minutes * 60 if minutes else None

    def forget_batches(self):
        for key in _KEYS:
            self.data.pop(key, None)

    def child_done(self, outcome):
        if isinstance(outcome, base.Failed) or not self.data.get('batches'):
            self.forget_batches()
            return self.batches_done(outcome)
        paused_until = self.data.get('paused_until')
        if self.data.get('pause') and paused_until is None:
            self.data['paused_until'] = timeutils.now() + self.data['pause']
            return base.Pending(self.physical_id)
        if paused_until is not None and timeutils.now() < paused_until:
            return base.Pending(self.physical_id)
        self.data.pop('paused_until', None)
        return self.next_batch()

    def progress(self, action, cloud_object):
        paused_until = self.data.get('paused_until')
        if paused_until is not None and timeutils.now() >= paused_until:
            return base.Done(self.physical_id)   # wakes child_done
        return None
