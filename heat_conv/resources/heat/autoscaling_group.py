"""OS::Heat::AutoScalingGroup: between ``min_size`` and ``max_size`` copies
of ``resource`` in a child stack, resized by scaling policies.

Members have random short names (``scaling_members``); the oldest go
first when the group shrinks. A policy's signal does not run as a step
of the parent stack: the engine resizes the child stack while the group
row stays COMPLETE (``heat_conv.engine.signals.scaling``), and the row's data
says so: ``resize_to`` (the size being reached), ``scaling_in_progress``
and ``cooldown_end``. Heat keeps the last two in the group's metadata,
which is where users look for them.

A change of ``resource`` in a stack update replaces the members in
batches (``rolling_updates``), then the group takes its new size; the
batches are successive updates of the child stack (``batched_child``).
"""
import datetime

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import batched_child
from heat_conv.resources.heat import group_batches
from heat_conv.resources.heat import group_policy
from heat_conv.resources.heat import member_stack
from heat_conv.resources.heat import scaling_adjustment
from heat_conv.resources.heat import scaling_members

VERSION = '2015-04-30'   # the version Heat writes the members' template in
_MEMBER_KEYS = ('type', 'properties', 'metadata', 'depends_on', 'update_policy',
                'deletion_policy')


class AutoScalingGroup(batched_child.BatchedChild, member_stack.MemberStack):
    type_name = 'OS::Heat::AutoScalingGroup'
    properties_schema = {
        'resource': Property('map', required=True, update_allowed=True,
                             description='The members\' definition, as a resource of '
                                         'the template.'),
        'max_size': Property('integer', required=True, min_value=0, update_allowed=True,
                             description='Maximum number of resources in the group.'),
        'min_size': Property('integer', required=True, min_value=0, update_allowed=True,
                             description='Minimum number of resources in the group.'),
        'cooldown': Property('integer', update_allowed=True,
                             description='Cooldown period, in seconds.'),
        'desired_capacity': Property('integer', update_allowed=True,
                                     description='Desired initial number of resources.'),
        'rolling_updates': Property('map', update_allowed=True,
                                    default={'min_in_service': 0, 'max_batch_size': 1,
                                             'pause_time': 0},
                                    description='Batches in which members are replaced '
                                                'when resource changes: min_in_service, '
                                                'max_batch_size, pause_time.'),
    }
    scalable = True
    attributes_schema = {
        'outputs': 'A map of member names to the given attribute of each member.',
        'outputs_list': 'A list of the given attribute of each member.',
        'current_size': 'The current size of the group.',
        'refs': 'A list of resource IDs for the resources in the group.',
        'refs_map': 'A map of resource names to IDs for the resources in the group.',
    }

    @classmethod
    def members_at_validation(cls, properties):
        for key in ('desired_capacity', 'min_size'):
            value = properties.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        return 0

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        path = tuple(path)
        low, high = result['min_size'], result['max_size']
        if high < low:
            raise exception.InvalidProperties('MinSize can not be greater than MaxSize',
                                              path=path + ('min_size',))
        desired = result.get('desired_capacity')
        if desired is not None and not low <= desired <= high:
            raise exception.InvalidProperties(
                'DesiredCapacity must be between MinSize and MaxSize',
                path=path + ('desired_capacity',))
        resource = result['resource']
        if not isinstance(resource.get('type'), str) or not resource['type']:
            raise exception.InvalidProperties('Property type not assigned',
                                              path=path + ('resource', 'type'))
        result['rolling_updates'] = _rolling(result['rolling_updates'],
                                             path + ('rolling_updates',))
        return result

    # --- what the child stack should be -----------------------------------

    # The names of the group's settings in its properties, where a subclass
    # (AWS::AutoScaling::AutoScalingGroup) names them otherwise.
    property_names = {}

    def setting(self, key):
        """The group's setting ``key`` (min_size, max_size,
        desired_capacity, cooldown) from its properties."""
        return self.properties.get(self.property_names.get(key, key))

    def rolling_updates(self):
        """{min_in_service, max_batch_size, pause_time} of a rolling update
        of the members, or None when changed definitions go only to new
        members (Heat's InstanceGroup without an update policy)."""
        return self.properties['rolling_updates']

    def member_definition(self):
        resource = self.properties['resource']
        return {key: resource[key] for key in _MEMBER_KEYS if resource.get(key)}

    def child_spec(self):
        wanted = self.member_definition()
        self.forget_batches()
        for key in ('resize_after', 'resize_to'):
            self.data.pop(key, None)
        existing = self._members(include_failed=True)
        if self.child_stack() is None:
            size = self.setting('desired_capacity')
            if size is None:
                size = self.setting('min_size')
            return self.batch_spec(self._sized(size, size))
        # A stack update: Heat's resize to the desired capacity (or the size
        # the policies left), within the bounds; first, if the members'
        # definition changed, the rolling update.
        self.data['scaling_in_progress'] = False
        current = len([m for m in existing if m.status != Status.FAILED])
        desired = self.setting('desired_capacity') or current
        target = scaling_adjustment.new_capacity(
            current, desired, scaling_adjustment.EXACT_CAPACITY, None,
            self.setting('min_size'), self.setting('max_size'))
        rolling = self.rolling_updates()
        if rolling is not None and any(m.definition != wanted for m in existing):
            size = len(existing)
            plan = group_batches.plan(min(self.setting('desired_capacity') or size,
                                          size),
                                      size, rolling['max_batch_size'],
                                      rolling['min_in_service'])
            group_batches.check_pauses(plan, rolling['pause_time'], self.timeout_secs())
            if plan:
                self.data['batches'] = [list(b) for b in plan]
                self.data['pause'] = rolling['pause_time']
                self.data['resize_after'] = target
                return self.next_batch()
        return self.batch_spec(self._sized(target, 0))

    def adjust(self, policy):
        """A policy's resize, as Heat decides it: members keep their
        definitions; the oldest go first when the group shrinks."""
        if self.data.get('scaling_in_progress'):
            raise base.NoActionRequired('due to scaling activity')
        current = self.size()
        adjustment, kind = policy['scaling_adjustment'], policy['adjustment_type']
        if isinstance(adjustment, float) and adjustment.is_integer():
            adjustment = int(adjustment)
        size = scaling_adjustment.new_capacity(
            current, adjustment, kind, policy.get('min_adjustment_step'),
            self.setting('min_size'), self.setting('max_size'))
        if size == current:
            raise base.NoActionRequired(f'no change in capacity ({current})')
        cooldown = policy.get('cooldown')
        if cooldown is None:
            cooldown = self.setting('cooldown')
        if scaling_adjustment.in_cooldown(self.data.get('cooldown_end'), timeutils.now()):
            raise base.NoActionRequired(f'due to cooldown, cooldown {cooldown}')
        spec = self.batch_spec(self._sized(size, 0))
        self.data.update(resize_to=size, scaling_in_progress=True, cooldown=cooldown,
                         scaling_reason=f'{kind} : {adjustment}')
        return spec, (f'Start resizing the group {self.name} from {current} to {size} '
                      f'({kind} : {adjustment})')

    def _sized(self, size, num_new):
        existing = [(m.name, m.definition) for m in self._members(include_failed=True)]
        return {'heat_template_version': VERSION,
                'resources': dict(scaling_members.definitions(
                    existing, self.member_definition(), size, num_new))}

    def next_batch(self):
        size, num_new = self.data['batches'].pop(0)
        return self.batch_spec(self._sized(size, num_new))

    # --- the child settled: the next batch, or the end --------------------------

    def batches_done(self, outcome):
        resize_after = self.data.pop('resize_after', None)
        if isinstance(outcome, base.Done) and resize_after not in (None, self.size()):
            # The rolling update is over: the group takes its new size.
            return self.batch_spec(self._sized(resize_after, 0))
        if isinstance(outcome, base.Done):
            self.scaled(f'{scaling_adjustment.EXACT_CAPACITY} : {self.size()}')
        return outcome

    def scaled(self, reason=None, size_changed=True):
        """A resize ended: the cooldown starts (if the size changed)."""
        reason = reason or self.data.get('scaling_reason', '')
        for key in ('resize_to', 'scaling_reason'):
            self.data.pop(key, None)
        # A policy's own cooldown, if it has one, else the group's.
        cooldown = self.data.pop('cooldown', None)
        if cooldown is None:
            cooldown = self.setting('cooldown')
        self.data['scaling_in_progress'] = False
        if size_changed:
            self.data['cooldown_end'] = scaling_adjustment.cooldown_end(
                self.data.get('cooldown_end'), cooldown, timeutils.now())
            self.data['cooldown_reason'] = reason

    # --- reading the child ---------------------------------------------------------

    def _members(self, include_failed=False):
        """The members in Heat's order: failed first, then oldest first."""
        stack = self.child_stack()
        if stack is None:
            return []
        definitions = (db_api.raw_template_get(stack.raw_template_id).template
                       .get('resources') or {})
        built = self.child_resources()
        rows = [r for r in db_api.resources_of_stack(stack.id)
                if r.name in definitions and r.name in built
                and (include_failed or r.status != Status.FAILED)]
        rows.sort(key=lambda r: (r.status != Status.FAILED, r.created_at, r.name))
        return [_Member(r.name, built[r.name][0], built[r.name][1], r.status,
                        definitions[r.name]) for r in rows]

    def size(self):
        return len(self._members())

    def attributes(self):
        members = self._members()
        names = []
        for member in members:
            names.extend(a for a in member.attributes if a not in names)
        values = {'current_size': len(members),
                  'refs': [m.refid for m in members],
                  'refs_map': {m.name: m.refid for m in members},
                  'outputs': {a: {m.name: m.attributes.get(a) for m in members}
                              for a in names},
                  'outputs_list': {a: [m.attributes.get(a) for m in members]
                                   for a in names}}
        # resource.N[.ATTR]: the N-th member, in the order of refs.
        for index, member in enumerate(members):
            values[f'resource.{index}'] = member.refid
            for key, value in member.attributes.items():
                values[f'resource.{index}.{key}'] = value
        return values

    @classmethod
    def metadata_from_data(cls, metadata, data):
        """The group's metadata as Heat shows it: the template's, with the
        scaling state."""
        shown = dict(metadata or {})
        data = data or {}
        if 'scaling_in_progress' in data:
            shown['scaling_in_progress'] = bool(data['scaling_in_progress'])
        if data.get('cooldown_end') is not None:
            end = _iso(data['cooldown_end'])
            shown['cooldown_end'] = {end: data.get('cooldown_reason', '')}
        return shown


class _Member:
    def __init__(self, name, refid, attributes, status, definition):
        self.name, self.refid, self.status = name, refid, status
        self.attributes = dict(attributes or {})
        self.definition = definition


def _rolling(value, path):
    batching = group_policy.parse({group_policy.ROLLING_UPDATE: value or {}},
                                  path[:-1])[group_policy.ROLLING_UPDATE]
    return {'min_in_service': batching.min_in_service,
            'max_batch_size': batching.batch_size, 'pause_time': batching.pause}


def _iso(seconds):
    return datetime.datetime.fromtimestamp(
        seconds, tz=datetime.timezone.utc).replace(tzinfo=None).isoformat()
