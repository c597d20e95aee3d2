"""Rules for stacks, their content and outputs, templates and resource types."""
from heat_conv.policies import base
from heat_conv.policies.base import PROJECT_MEMBER
from heat_conv.policies.base import PROJECT_READER
from heat_conv.policies.base import STACK
from heat_conv.policies.base import documented

TENANT = '/v1/{tenant_id}'

rules = [
    documented('stacks:index', PROJECT_READER, 'List stacks.',
               ('GET', TENANT + '/stacks')),
    documented('stacks:detail', PROJECT_READER, 'List stacks in detail.',
               ('GET', TENANT + '/stacks/detail')),
    documented('stacks:global_index', base.CONTEXT_IS_ADMIN,
               'List the stacks of every project (global_tenant=true). Heat denies '
               'it to everybody by default; heat-conv allows administrators.',
               ('GET', TENANT + '/stacks')),
    documented('stacks:create', PROJECT_MEMBER, 'Create a stack.',
               ('POST', TENANT + '/stacks')),
    documented('stacks:preview', PROJECT_READER, 'Preview a stack create.',
               ('POST', TENANT + '/stacks/preview')),
    documented('stacks:lookup', base.PROJECT_READER_OR_STACK_USER,
               'Find a stack by name or id (answers with a redirect).',
               ('GET', TENANT + '/stacks/{stack_identity}')),
    documented('stacks:show', PROJECT_READER, 'Show a stack.', ('GET', STACK)),
    documented('stacks:update', PROJECT_MEMBER, 'Update a stack.', ('PUT', STACK)),
    documented('stacks:update_patch', PROJECT_MEMBER, 'Update a stack (PATCH).',
               ('PATCH', STACK)),
    documented('stacks:preview_update', PROJECT_MEMBER, 'Preview a stack update.',
               ('PUT', STACK + '/preview')),
    documented('stacks:preview_update_patch', PROJECT_MEMBER,
               'Preview a stack update (PATCH).', ('PATCH', STACK + '/preview')),
    documented('stacks:delete', PROJECT_MEMBER, 'Delete a stack.', ('DELETE', STACK)),
    documented('stacks:abandon', PROJECT_MEMBER, 'Abandon a stack.',
               ('DELETE', STACK + '/abandon')),
    documented('stacks:export', PROJECT_MEMBER, 'Export a stack.',
               ('GET', STACK + '/export')),
    documented('stacks:template', PROJECT_READER, 'Show a stack\'s template.',
               ('GET', STACK + '/template')),
    documented('stacks:environment', PROJECT_READER, 'Show a stack\'s environment.',
               ('GET', STACK + '/environment')),
    documented('stacks:files', PROJECT_READER, 'Show a stack\'s files.',
               ('GET', STACK + '/files')),
    documented('stacks:snapshot', PROJECT_MEMBER, 'Snapshot a stack.',
               ('POST', STACK + '/snapshots')),
    documented('stacks:list_snapshots', PROJECT_READER,
               'List snapshots.', ('GET', STACK + '/snapshots')),
    documented('stacks:show_snapshot', PROJECT_READER, 'Show a snapshot.',
               ('GET', STACK + '/snapshots/{snapshot_id}')),
    documented('stacks:delete_snapshot', PROJECT_MEMBER,
               'Delete a snapshot.',
               ('DELETE', STACK + '/snapshots/{snapshot_id}')),
    documented('stacks:restore_snapshot', PROJECT_MEMBER,
               'Restore a snapshot.',
               ('POST', STACK + '/snapshots/{snapshot_id}/restore')),
    documented('stacks:list_outputs', PROJECT_READER, 'List a stack\'s outputs.',
               ('GET', STACK + '/outputs')),
    documented('stacks:show_output', PROJECT_READER, 'Show one output.',
               ('GET', STACK + '/outputs/{output_key}')),
    documented('stacks:validate_template', PROJECT_MEMBER, 'Validate a template.',
               ('POST', TENANT + '/validate')),
    documented('stacks:list_template_versions', PROJECT_READER,
               'List template versions.', ('GET', TENANT + '/template_versions')),
    documented('stacks:list_template_functions', PROJECT_READER,
               'List the functions of a template version.',
               ('GET', TENANT + '/template_versions/{template_version}/functions')),
    documented('stacks:list_resource_types', PROJECT_READER, 'List resource types.',
               ('GET', TENANT + '/resource_types')),
    documented('stacks:resource_schema', PROJECT_READER, 'Show a resource type.',
               ('GET', TENANT + '/resource_types/{type_name}')),
    documented('stacks:generate_template', PROJECT_MEMBER,
               'Generate a template for a resource type.',
               ('GET', TENANT + '/resource_types/{type_name}/template')),
]


def list_rules():
    return rules
