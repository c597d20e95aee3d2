"""OS::Heat::SoftwareDeploymentGroup: one software deployment per server.

``servers`` maps member names to server ids; the members are
``OS::Heat::SoftwareDeployment`` resources of those names in a child
stack, each with the group's config, inputs, actions and transport. The
group completes when every member has (each member waits for its own
server's signal). Attributes are maps of member name to the members'
attribute (``deploy_stdouts`` reads each ``deploy_stdout``; any other
name, that attribute of each member), as in Heat.

``update_policy`` may batch the create (``batch_create``) or the update
(``rolling_update``: ``max_batch_size`` deployments at a time, with a
pause between two): the batches are successive updates of the child
stack (``batched_child``), each giving the next members their new
definition.
"""
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import batched_child
from heat_conv.resources.heat import group_batches
from heat_conv.resources.heat import group_policy
from heat_conv.resources.heat import member_stack
from heat_conv.resources.heat import software_deployment

MEMBER_TYPE = software_deployment.SoftwareDeployment.type_name
VERSION = '2015-04-30'
SHARED = ('config', 'input_values', 'actions', 'name', 'signal_transport')
# The group's attribute names for the members' standard outputs.
PLURALS = {'deploy_stdouts': 'deploy_stdout', 'deploy_stderrs': 'deploy_stderr',
           'deploy_status_codes': 'deploy_status_code'}


class SoftwareDeploymentGroup(batched_child.BatchedChild, member_stack.MemberStack):
    type_name = 'OS::Heat::SoftwareDeploymentGroup'
    member_type = MEMBER_TYPE
    shared = SHARED   # the properties every member takes from the group
    properties_schema = dict(
        {'servers': Property('map', required=True, update_allowed=True,
                             description='A map of names and server IDs to apply '
                                         'configuration to; each name is the name of '
                                         'that server\'s deployment resource.')},
        **{key: software_deployment.SoftwareDeployment.properties_schema[key]
           for key in SHARED})
    attributes_schema = {
        'deploy_stdouts': 'A map of member names and captured stdouts from the '
                          'configuration execution to each server.',
        'deploy_stderrs': 'A map of member names and captured stderrs from the '
                          'configuration execution to each server.',
        'deploy_status_codes': 'A map of member names and returned status code from '
                               'the configuration execution.',
    }

    @classmethod
    def members_at_validation(cls, properties):
        servers = properties.get('servers')
        return len(servers) if isinstance(servers, dict) else 0

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        for name, server in result['servers'].items():
            if not isinstance(server, str) or not server:
                raise exception.InvalidProperties(
                    'A server is a non-empty id', path=tuple(path) + ('servers', name))
        return result

    # --- what the child stack should be -----------------------------------

    def _wanted(self):
        shared = {key: self.properties[key] for key in self.shared
                  if self.properties.get(key) is not None}
        return {name: {'type': self.member_type,
                       'properties': dict(shared, server=server)}
                for name, server in self.properties['servers'].items()}

    def _existing(self):
        stack = self.child_stack()
        if stack is None:
            return {}
        return dict(db_api.raw_template_get(stack.raw_template_id).template
                    .get('resources') or {})

    def child_spec(self):
        self.forget_batches()
        wanted, existing = self._wanted(), self._existing()
        policy = self.update_policy()
        batching = policy[group_policy.BATCH_CREATE if self.child_stack() is None
                          else group_policy.ROLLING_UPDATE]
        changing = [name for name in wanted if existing.get(name) != wanted[name]]
        if batching is not None and len(changing) > batching.batch_size:
            size = batching.batch_size
            batches = [changing[i:i + size] for i in range(0, len(changing), size)]
            group_batches.check_pauses(batches, batching.pause, self.timeout_secs())
            self.data['batches'] = batches
            self.data['pause'] = batching.pause
            return self.next_batch()
        return self.batch_spec(_template(wanted.items()))

    def next_batch(self):
        """The members of the next batch take their new definition; those of
        later batches keep theirs (a new one is not made yet); members no
        longer wanted go in the first."""
        batch = set(self.data['batches'].pop(0))
        wanted, existing = self._wanted(), self._existing()
        members = []
        for name, definition in wanted.items():
            if name in batch:
                members.append((name, definition))
            elif name in existing:
                members.append((name, existing[name]))
        return self.batch_spec(_template(members))

    # --- reading the members ---------------------------------------------------

    def attributes(self):
        members = self.child_resources()
        names = [n for n in self.properties['servers'] if n in members]
        values = {'refs': [members[n][0] for n in names],
                  'refs_map': {n: members[n][0] for n in names}}
        keys = []
        for name in names:
            keys.extend(k for k in members[name][1] if k not in keys)
        for key in keys:
            values[key] = {n: members[n][1].get(key) for n in names}
        for plural, single in PLURALS.items():
            values[plural] = {n: members[n][1].get(single) for n in names}
        values.update(self.member_attributes({n: members[n] for n in names}))
        return values


def _template(members):
    return {'heat_template_version': VERSION, 'resources': dict(members)}
