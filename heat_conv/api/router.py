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
        'validate': validate.ValidateController(),
        'template_versions': template_versions.TemplateVersionController(),
        'resource_types': resource_types.ResourceTypeController(),
        'service_info': service_info.ServiceInfoController(),
    }


def make_mapper():
    """The routes.Mapper; each route names a controller and its method."""
    stack_ctl, content_ctl, preview_ctl = 'stacks', 'stack_content', 'previews'
    resource_ctl, event_ctl, output_ctl = 'resources', 'events', 'outputs'
    action_ctl = 'actions'

    # No controller scanning: controllers are named, not found on disk.
    mapper = routes.Mapper(controller_scan=None, explicit=True)

    def connect(path, controller, action, methods):
        mapper.connect(path, controller=controller, action=action,
                       conditions={'method': methods})

    connect(PREFIX + '/stacks', stack_ctl, 'index', ['GET', 'HEAD'])
    connect(PREFIX + '/stacks/detail', stack_ctl, 'index', ['GET', 'HEAD'])
    connect(PREFIX + '/stacks', stack_ctl, 'create', ['POST'])
    connect(PREFIX + '/stacks/preview', preview_ctl, 'preview_create', ['POST'])

    connect(PREFIX + '/stacks/{stack_name}', stack_ctl, 'lookup',
            ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'])
    mapper.connect(PREFIX + '/stacks/{stack_name}/{path:(%s)(/.*)?}' % LOOKUP_SUBPATHS,
                   controller=stack_ctl, action='lookup', conditions={'method': ANY})

    connect(STACK, stack_ctl, 'show', ['GET', 'HEAD'])
    connect(STACK, stack_ctl, 'update', ['PUT'])
    connect(STACK, stack_ctl, 'update_patch', ['PATCH'])
    connect(STACK, stack_ctl, 'delete', ['DELETE'])
    connect(STACK + '/preview', preview_ctl, 'preview_update', ['PUT'])
    connect(STACK + '/preview', preview_ctl, 'preview_update_patch', ['PATCH'])
    connect(STACK + '/template', content_ctl, 'template', ['GET', 'HEAD'])
    connect(STACK + '/environment', content_ctl, 'environment', ['GET', 'HEAD'])
    connect(STACK + '/files', content_ctl, 'files', ['GET', 'HEAD'])
    connect(STACK + '/actions', action_ctl, 'action', ['POST'])
    for unsupported in ('/abandon', '/export', '/snapshots', '/snapshots/{rest:.*}'):
        connect(STACK + unsupported, action_ctl, 'not_supported', ANY)

    connect(STACK + '/outputs', output_ctl, 'index', ['GET', 'HEAD'])
    connect(STACK + '/outputs/{output_key}', output_ctl, 'show', ['GET', 'HEAD'])

    connect(STACK + '/resources', resource_ctl, 'index', ['GET', 'HEAD'])
    connect(RESOURCE, resource_ctl, 'show', ['GET', 'HEAD'])
    connect(RESOURCE, resource_ctl, 'mark_unhealthy', ['PATCH'])
    connect(RESOURCE + '/metadata', resource_ctl, 'metadata', ['GET', 'HEAD'])
    connect(RESOURCE + '/signal', resource_ctl, 'signal', ['POST'])

    connect(STACK + '/events', event_ctl, 'index', ['GET', 'HEAD'])
    connect(STACK + '/events/{event_id}', event_ctl, 'show_in_stack', ['GET', 'HEAD'])
    connect(RESOURCE + '/events', event_ctl, 'index_for_resource', ['GET', 'HEAD'])
    connect(RESOURCE + '/events/{event_id}', event_ctl, 'show', ['GET', 'HEAD'])

    validate_ctl, versions_ctl = 'validate', 'template_versions'
    types_ctl, info_ctl = 'resource_types', 'service_info'
    connect(PREFIX + '/validate', validate_ctl, 'validate', ['POST'])
    connect(PREFIX + '/template_versions', versions_ctl, 'index', ['GET', 'HEAD'])
    connect(PREFIX + '/template_versions/{template_version}/functions', versions_ctl,
            'functions', ['GET', 'HEAD'])
    connect(PREFIX + '/resource_types', types_ctl, 'index', ['GET', 'HEAD'])
    connect(PREFIX + '/resource_types/{type_name}', types_ctl, 'show', ['GET', 'HEAD'])
    connect(PREFIX + '/resource_types/{type_name}/template', types_ctl, 'template',
            ['GET', 'HEAD'])
    connect(PREFIX + '/build_info', info_ctl, 'build_info', ['GET', 'HEAD'])
    connect(PREFIX + '/services', info_ctl, 'services', ['GET', 'HEAD'])
    # Compiled now, not by whichever request thread comes first.
    mapper.create_regs([])
    return mapper
