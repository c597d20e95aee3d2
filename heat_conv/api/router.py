"""The URL map of Heat's v1 API: every path and method, and who answers it.

Order matters: fixed paths (``/stacks/preview``, ``/stacks/detail``) come
before the name-only lookups, and name-only lookups before the canonical
``{stack_name}/{stack_id}`` paths they would otherwise shadow.
"""
import routes

from heat_conv.api.controllers import actions
from heat_conv.api.controllers import events
from heat_conv.api.controllers import outputs
from heat_conv.api.controllers import previews
from heat_conv.api.controllers import resource_types
from heat_conv.api.controllers import resources
from heat_conv.api.controllers import service_info
from heat_conv.api.controllers import snapshots
from heat_conv.api.controllers import software
from heat_conv.api.controllers import stack_content
from heat_conv.api.controllers import stacks
from heat_conv.api.controllers import template_versions
from heat_conv.api.controllers import validate

PREFIX = '/v1/{tenant_id}'
STACK = PREFIX + '/stacks/{stack_name}/{stack_id}'
RESOURCE = STACK + '/resources/{resource_name}'
ANY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

# What may follow a stack name on a name-only path; the lookup redirects
# there, keeping the rest of the path.
LOOKUP_SUBPATHS = ('resources|events|template|environment|files|outputs|actions|'
                   'preview|abandon|export|snapshots')


def make_controllers():
    """{name: controller}: the names the URL map refers to."""
    return {
        'stacks': stacks.StackController(),
        'stack_content': stack_content.StackContentController(),
        'previews': previews.PreviewController(),
        'resources': resources.ResourceController(),
        'events': events.EventController(),
        'outputs': outputs.OutputController(),
        'actions': actions.ActionController(),
        'snapshots': snapshots.SnapshotController(),
        'validate': validate.ValidateController(),
        'template_versions': template_versions.TemplateVersionController(),
        'resource_types': resource_types.ResourceTypeController(),
        'service_info': service_info.ServiceInfoController(),
        'software_configs': software.SoftwareConfigController(),
        'software_deployments': software.SoftwareDeploymentController(),
    }


def make_mapper():
    """The routes.Mapper; each route names a controller, its method and the
    policy rule a caller must pass (None: the controller checks)."""
    stack_ctl, content_ctl, preview_ctl = 'stacks', 'stack_content', 'previews'
    resource_ctl, event_ctl, output_ctl = 'resources', 'events', 'outputs'
    action_ctl = 'actions'

    # No controller scanning: controllers are named, not found on disk.
    mapper = routes.Mapper(controller_scan=None, explicit=True)

    def connect(path, controller, action, methods, rule):
        mapper.connect(path, controller=controller, action=action, policy=rule,
                       conditions={'method': methods})

    read = ['GET', 'HEAD']
    connect(PREFIX + '/stacks', stack_ctl, 'index', read, 'stacks:index')
    connect(PREFIX + '/stacks/detail', stack_ctl, 'index', read, 'stacks:detail')
    connect(PREFIX + '/stacks', stack_ctl, 'create', ['POST'], 'stacks:create')
    connect(PREFIX + '/stacks/preview', preview_ctl, 'preview_create', ['POST'],
            'stacks:preview')

    # \x3A: a colon, which routes would take for a variable's type.
    mapper.connect(PREFIX + r'/stacks/{arn:arn\x3A.*}', controller=stack_ctl,
                   action='lookup_arn', policy='stacks:lookup', conditions={'method': ANY})
    connect(PREFIX + '/stacks/{stack_name}', stack_ctl, 'lookup',
            ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], 'stacks:lookup')
    mapper.connect(PREFIX + '/stacks/{stack_name}/{path:(%s)(/.*)?}' % LOOKUP_SUBPATHS,
                   controller=stack_ctl, action='lookup', policy='stacks:lookup',
                   conditions={'method': ANY})

    connect(STACK, stack_ctl, 'show', read, 'stacks:show')
    connect(STACK, stack_ctl, 'update', ['PUT'], 'stacks:update')
    connect(STACK, stack_ctl, 'update_patch', ['PATCH'], 'stacks:update_patch')
    connect(STACK, stack_ctl, 'delete', ['DELETE'], 'stacks:delete')
    connect(STACK + '/preview', preview_ctl, 'preview_update', ['PUT'],
            'stacks:preview_update')
    connect(STACK + '/preview', preview_ctl, 'preview_update_patch', ['PATCH'],
            'stacks:preview_update_patch')
    connect(STACK + '/template', content_ctl, 'template', read, 'stacks:template')
    connect(STACK + '/environment', content_ctl, 'environment', read,
            'stacks:environment')
    connect(STACK + '/files', content_ctl, 'files', read, 'stacks:files')
    # Each action has its own rule; the controller knows which was asked.
    connect(STACK + '/actions', action_ctl, 'action', ['POST'], None)
    connect(STACK + '/abandon', action_ctl, 'abandon', ['DELETE'], 'stacks:abandon')
    connect(STACK + '/export', action_ctl, 'export', read, 'stacks:export')
    snap_ctl = 'snapshots'
    connect(STACK + '/snapshots', snap_ctl, 'index', read, 'stacks:list_snapshots')
    connect(STACK + '/snapshots', snap_ctl, 'create', ['POST'], 'stacks:snapshot')
    connect(STACK + '/snapshots/{snapshot_id}', snap_ctl, 'show', read,
            'stacks:show_snapshot')
    connect(STACK + '/snapshots/{snapshot_id}', snap_ctl, 'delete', ['DELETE'],
            'stacks:delete_snapshot')
    connect(STACK + '/snapshots/{snapshot_id}/restore', snap_ctl, 'restore', ['POST'],
            'stacks:restore_snapshot')

    connect(STACK + '/outputs', output_ctl, 'index', read, 'stacks:list_outputs')
    connect(STACK + '/outputs/{output_key}', output_ctl, 'show', read,
            'stacks:show_output')

    connect(STACK + '/resources', resource_ctl, 'index', read, 'resource:index')
    connect(RESOURCE, resource_ctl, 'show', read, 'resource:show')
    connect(RESOURCE, resource_ctl, 'mark_unhealthy', ['PATCH'], 'resource:mark_unhealthy')
    connect(RESOURCE + '/metadata', resource_ctl, 'metadata', read, 'resource:metadata')
    connect(RESOURCE + '/signal', resource_ctl, 'signal', ['POST'], 'resource:signal')

    connect(STACK + '/events', event_ctl, 'index', read, 'events:index')
    connect(STACK + '/events/{event_id}', event_ctl, 'show_in_stack', read, 'events:show')
    connect(RESOURCE + '/events', event_ctl, 'index_for_resource', read, 'events:index')
    connect(RESOURCE + '/events/{event_id}', event_ctl, 'show', read, 'events:show')

    validate_ctl, versions_ctl = 'validate', 'template_versions'
    types_ctl, info_ctl = 'resource_types', 'service_info'
    connect(PREFIX + '/validate', validate_ctl, 'validate', ['POST'],
            'stacks:validate_template')
    connect(PREFIX + '/template_versions', versions_ctl, 'index', read,
            'stacks:list_template_versions')
    connect(PREFIX + '/template_versions/{template_version}/functions', versions_ctl,
            'functions', read, 'stacks:list_template_functions')
    connect(PREFIX + '/resource_types', types_ctl, 'index', read,
            'stacks:list_resource_types')
    connect(PREFIX + '/resource_types/{type_name}', types_ctl, 'show', read,
            'stacks:resource_schema')
    connect(PREFIX + '/resource_types/{type_name}/template', types_ctl, 'template',
            read, 'stacks:generate_template')
    configs, deployments = 'software_configs', 'software_deployments'
    connect(PREFIX + '/software_configs', configs, 'index', read, 'software_configs:index')
    connect(PREFIX + '/software_configs', configs, 'create', ['POST'],
            'software_configs:create')
    connect(PREFIX + '/software_configs/{config_id}', configs, 'show', read,
            'software_configs:show')
    connect(PREFIX + '/software_configs/{config_id}', configs, 'delete', ['DELETE'],
            'software_configs:delete')
    connect(PREFIX + '/software_deployments', deployments, 'index', read,
            'software_deployments:index')
    connect(PREFIX + '/software_deployments', deployments, 'create', ['POST'],
            'software_deployments:create')
    connect(PREFIX + '/software_deployments/metadata/{server_id}', deployments,
            'metadata', read, 'software_deployments:metadata')
    connect(PREFIX + '/software_deployments/{deployment_id}', deployments, 'show', read,
            'software_deployments:show')
    connect(PREFIX + '/software_deployments/{deployment_id}', deployments, 'update',
            ['PUT'], 'software_deployments:update')
    connect(PREFIX + '/software_deployments/{deployment_id}', deployments, 'delete',
            ['DELETE'], 'software_deployments:delete')
    connect(PREFIX + '/build_info', info_ctl, 'build_info', read, 'build_info:build_info')
    connect(PREFIX + '/services', info_ctl, 'services', read, 'service:index')
    # Compiled now, not by whichever request thread comes first.
    mapper.create_regs([])
    return mapper
