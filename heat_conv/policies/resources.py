"""Rules for a stack's resources, events and actions."""
from heat_conv.policies.base import PROJECT_MEMBER
from heat_conv.policies.base import PROJECT_READER
from heat_conv.policies.base import PROJECT_READER_OR_STACK_USER
from heat_conv.policies.base import STACK
from heat_conv.policies.base import documented

RESOURCE = STACK + '/resources/{resource_name}'
ACTIONS = ('POST', STACK + '/actions')

rules = [
    documented('resource:index', PROJECT_READER, 'List resources.',
               ('GET', STACK + '/resources')),
    documented('resource:show', PROJECT_READER, 'Show a resource.', ('GET', RESOURCE)),
    documented('resource:metadata', PROJECT_READER_OR_STACK_USER,
               'Show a resource\'s metadata.', ('GET', RESOURCE + '/metadata')),
    documented('resource:signal', PROJECT_READER_OR_STACK_USER,
               'Signal a resource (a wait condition handle, or clear a hook).',
               ('POST', RESOURCE + '/signal')),
    documented('resource:mark_unhealthy', PROJECT_MEMBER,
               'Mark a resource unhealthy (or healthy again).', ('PATCH', RESOURCE)),
    documented('events:index', PROJECT_READER, 'List events.',
               ('GET', STACK + '/events'), ('GET', RESOURCE + '/events')),
    documented('events:show', PROJECT_READER, 'Show an event.',
               ('GET', STACK + '/events/{event_id}'),
               ('GET', RESOURCE + '/events/{event_id}')),
    documented('actions:check', PROJECT_READER, 'Check a stack\'s resources.', ACTIONS),
    documented('actions:cancel_update', PROJECT_MEMBER,
               'Cancel a stack operation and roll back.', ACTIONS),
    documented('actions:cancel_without_rollback', PROJECT_MEMBER,
               'Cancel a stack operation without rolling back.', ACTIONS),
    documented('actions:suspend', PROJECT_MEMBER, 'Suspend a stack (not supported).',
               ACTIONS),
    documented('actions:resume', PROJECT_MEMBER, 'Resume a stack (not supported).',
               ACTIONS),
]


def list_rules():
    return rules
