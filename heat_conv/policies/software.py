"""Rules for software configs and deployments."""
from heat_conv.policies.base import PROJECT_MEMBER
from heat_conv.policies.base import PROJECT_READER
from heat_conv.policies.base import PROJECT_READER_OR_STACK_USER
from heat_conv.policies.base import documented

CONFIGS = '/v1/{tenant_id}/software_configs'
DEPLOYMENTS = '/v1/{tenant_id}/software_deployments'

rules = [
    documented('software_configs:index', PROJECT_READER, 'List software configs.',
               ('GET', CONFIGS)),
    documented('software_configs:create', PROJECT_MEMBER, 'Create a software config.',
               ('POST', CONFIGS)),
    documented('software_configs:show', PROJECT_READER, 'Show a software config.',
               ('GET', CONFIGS + '/{config_id}')),
    documented('software_configs:delete', PROJECT_MEMBER, 'Delete a software config.',
               ('DELETE', CONFIGS + '/{config_id}')),
    documented('software_deployments:index', PROJECT_READER,
               'List software deployments.', ('GET', DEPLOYMENTS)),
    documented('software_deployments:create', PROJECT_MEMBER,
               'Create a software deployment.', ('POST', DEPLOYMENTS)),
    documented('software_deployments:show', PROJECT_READER,
               'Show a software deployment.', ('GET', DEPLOYMENTS + '/{deployment_id}')),
    documented('software_deployments:update', PROJECT_READER_OR_STACK_USER,
               'Update a software deployment (its status and outputs).',
               ('PUT', DEPLOYMENTS + '/{deployment_id}')),
    documented('software_deployments:delete', PROJECT_MEMBER,
               'Delete a software deployment.', ('DELETE', DEPLOYMENTS + '/{deployment_id}')),
    documented('software_deployments:metadata', PROJECT_READER_OR_STACK_USER,
               'Show the configs deployed to a server.',
               ('GET', DEPLOYMENTS + '/metadata/{server_id}')),
]


def list_rules():
    return rules
