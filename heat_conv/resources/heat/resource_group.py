"""OS::Heat::ResourceGroup: ``count`` identical members in a child stack.

Members are named ``0``, ``1``, ... (``group_names``); the child's
template comes from ``group_template``; the attributes are shaped from
the members' (``member_attributes``).

Batches (``rolling_update``, ``batch_create``) are successive updates of
the child stack, planned when the action starts (``group_batches``) and
kept in the row's data: each time the child settles, ``child_done``
answers with the next batch's ChildSpec, and the engine updates the child
again while the row keeps waiting. A pause between batches is a wait too:
``child_done`` answers Pending, and the observer's next pass over waiting
rows asks ``progress``, which ends the wait once the pause is over. No
thread ever sleeps; the pause is as exact as the observer's interval.
"""
from heat_conv.common import exception
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import batched_child
from heat_conv.resources.heat import group_batches
from heat_conv.resources.heat import group_names
from heat_conv.resources.heat import group_policy
from heat_conv.resources.heat import group_template
from heat_conv.resources.heat import group_validation
from heat_conv.resources.heat import member_attributes
from heat_conv.resources.heat import member_stack
from heat_conv.resources.heat import stack_backed

_DEF_KEYS = ('type', 'properties', 'metadata')


class ResourceGroup(batched_child.BatchedChild, member_stack.MemberStack):
    type_name = 'OS::Heat::ResourceGroup'
    properties_schema = {
        'count': Property('integer', default=1, min_value=0, update_allowed=True,
                          description='The number of resources to create.'),
        'index_var': Property('string', default='%index%',
                              description='The string replaced by each member\'s '
                                          'index in its properties.'),
        'resource_def': Property('map', required=True, update_allowed=True,
                                 description='The members\' definition: type, '
                                             'properties, metadata.'),
        'removal_policies': Property('list', default=[], update_allowed=True,
                                     description='Members to remove on update: '
                                                 '[{resource_list: [name or id]}].'),
        'removal_policies_mode': Property('string', default=group_names.APPEND,
                                          update_allowed=True,
                                          allowed_values=(group_names.APPEND,
                                                          group_names.UPDATE),
                                          description='append to or replace the '
                                                      'removed names on update.'),
    }
    attributes_schema = {
        'refs': 'A list of resource IDs for the resources in the group.',
        'refs_map': 'A map of resource names to IDs for the resources in the group.',
        'attributes': 'A map of resource names to the specified attribute of each '
                      'individual resource.',
        'removed_rsrc_list': 'A list of removed resource names.',
    }

    @classmethod
    def members_at_validation(cls, properties):
        count = properties.get('count', 1)
        # A count still computed from another resource is checked when known.
        return count if isinstance(count, int) and not isinstance(count, bool) else 0

    @classmethod
    def check_members(cls, properties, bound, path, get_class):
        group_validation.check(properties, bound, path, get_class)

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        _check_resource_def(result['resource_def'], tuple(path) + ('resource_def',))
        if len(result['index_var']) < 3:
            raise exception.InvalidProperties(
                'length (%d) is out of range (min: 3)' % len(result['index_var']),
                path=tuple(path) + ('index_var',))
        for index, policy in enumerate(result['removal_policies'] or []):
            here = tuple(path) + ('removal_policies', index)
            if not isinstance(policy, dict) or set(policy) - {'resource_list'} or \
                    not isinstance(policy.get('resource_list', []), list):
                raise exception.InvalidProperties(
                    'A removal policy is a map with one key, resource_list (a list)',
                    path=here)
        return result

    # --- what the child stack should be -----------------------------------

    def child_spec(self):
        creating = self.child_stack() is None
        existing = self._members()
        skiplist = group_names.updated_skiplist(
            self.properties['removal_policies'], self.properties['removal_policies_mode'],
            self.data.get('skiplist', []), [m.name for m in existing],
            {m.name: m.refid for m in existing}, creating=creating)
        self.data['skiplist'] = skiplist
        self.forget_batches()
        batching = self._batching(creating)
        if batching is not None:
            valid = [m for m in existing if m.name not in skiplist]
            current = len(existing) - group_names.skipped_count(
                skiplist, [m.name for m in existing if m.status != Status.FAILED])
            plan = group_batches.plan(self.properties['count'], current,
                                      batching.batch_size, batching.min_in_service)
            group_batches.check_pauses(plan, batching.pause, self.timeout_secs())
            if plan:
                self.data['batches'] = [list(b) for b in plan]
                self.data['pause'] = batching.pause
                return self._batch([(m.name, m.definition) for m in valid])
        return self._spec(group_template.assemble(
            self.properties['resource_def'],
            group_names.member_names(self.properties['count'], skiplist),
            self.properties['index_var']))

    def _batching(self, creating):
        """The batching this action uses, if any: a create with batch_create,
        or an update of resource_def with rolling_update (as in Heat)."""
        policy = self.update_policy()
        if creating:
            if self.properties['count']:
                return policy[group_policy.BATCH_CREATE]
            return None
        old_def = (self.stored_properties or {}).get('resource_def')
        if old_def != self.properties['resource_def']:
            return policy[group_policy.ROLLING_UPDATE]
        return None

    def next_batch(self):
        existing = [m for m in self._members() if m.name not in self.data['skiplist']]
        return self._batch([(m.name, m.definition) for m in existing])

    def _batch(self, existing):
        capacity, new = self.data['batches'].pop(0)
        definitions = group_template.rolling_definitions(
            existing, self.properties['resource_def'], self.properties['index_var'],
            self.properties['count'], capacity, new, self.data['skiplist'])
        return self._spec(group_template.template(definitions))

    def _spec(self, template):
        child = self.child_stack()
        if self.definition is None:
            # A later batch: the files and environment of the batches before.
            raw = db_api.raw_template_get(child.raw_template_id)
            # The timeout: what remains of the parent's (nested).
            return stack_backed.ChildSpec(
                template=template, files=dict(raw.files or {}),
                environment=raw.environment or {})
        earlier = None
        if child is not None and self.data.get('batches'):
            # Members keep their old definition until their batch: the old
            # files stay available to them (Heat merges the two as well).
            earlier = db_api.raw_template_get(child.raw_template_id).files
        return self.member_spec(template, earlier)

    # --- reading the child -----------------------------------------------------

    def _members(self):
        """The child's members in Heat's inspection order (failed first,
        then by creation time and name), with their current definitions."""
        stack = self.child_stack()
        if stack is None:
            return []
        definitions = (db_api.raw_template_get(stack.raw_template_id).template
                       .get('resources') or {})
        refs = self.child_resources()
        rows = [r for r in db_api.resources_of_stack(stack.id)
                if r.name in definitions and r.name in refs]
        rows.sort(key=lambda r: (r.status != Status.FAILED, r.created_at, r.name))
        return [_Member(r.name, refs[r.name][0], r.status,
                        _definition(definitions[r.name])) for r in rows]

    def attributes(self):
        skiplist = self.data.get('skiplist', [])
        return self.shaped_attributes(
            group_names.member_names(self.properties['count'], skiplist),
            own=member_attributes.GROUP_ATTRIBUTES, removed=skiplist)


class _Member:
    def __init__(self, name, refid, status, definition):
        self.name, self.refid, self.status, self.definition = name, refid, status, definition


def _definition(snippet):
    return {key: snippet[key] for key in _DEF_KEYS if snippet.get(key)}


def _check_resource_def(value, path):
    if not isinstance(value.get('type'), str) or not value['type']:
        raise exception.InvalidProperties('Property type not assigned',
                                          path=tuple(path) + ('type',))
    for key in value:
        if key not in _DEF_KEYS:
            raise exception.InvalidProperties(f'Unknown Property {key}',
                                              path=tuple(path) + (key,))
    for key in ('properties', 'metadata'):
        if value.get(key) is not None and not isinstance(value[key], dict):
            raise exception.InvalidProperties(f'Value must be a map, not '
                                              f'{type(value[key]).__name__}',
                                              path=tuple(path) + (key,))
