"""Resource type name -> plugin class, the plugin instance for a row, and
a bound template's resources checked against their classes."""
from oslo_config import cfg

from heat_conv.common import exception
from heat_conv.plugin_interface import heat_types
from heat_conv.plugin_interface import plugin_loader
from heat_conv.plugin_interface import template_check


def get(type_name, path=(), nested_template=None):
    """The plugin class of a type; ResourceTypeUnavailable for a type of Heat's
    that heat-conv cannot run, UnknownResourceType for any other name.
    ``nested_template``: the template file the type maps to (whatever its
    name, the resource is then a template resource)."""
    if nested_template is not None:
        return plugin_loader.template_resource_class()
    cls = plugin_loader.load(type_name)
    if cls is not None and available(cls):
        return cls
    if type_name in heat_types.HEAT_TYPES:
        raise exception.ResourceTypeUnavailable(heat_types.unavailable_reason(type_name),
                                                path=path)
    raise exception.UnknownResourceType(
        f'The Resource Type ({type_name}) could not be found.', path=path)


def substitutes(old_type, new_type):
    """Whether ``new_type`` is the substitute of deprecated ``old_type``
    (base.Resource.substitute_type): the same resource under its new name."""
    if old_type == new_type:
        return False
    try:
        return get(old_type).substitute_type == new_type
    except exception.HeatConvException:
        return False


def available(cls):
    """Whether a type can run here: a type of a real OpenStack service
    (``service_type``) needs Keystone authentication ([api] auth_strategy),
    for without it there is no stack trust to act through and no catalog to
    find the service in (the simulated cloud's no-auth default has neither).
    A process without the API's options (an engine alone) runs whatever
    type the API accepted."""
    if getattr(cls, 'service_type', None) is None:
        return True
    try:
        return cfg.CONF.api.auth_strategy == 'keystone'
    except (cfg.NoSuchOptError, cfg.NoSuchGroupError):
        return True


def names():
    return sorted(name for name, cls in plugin_loader.types().items() if available(cls))


def types_waiting_on_signals():
    """The types whose waits end on signals, not in the cloud."""
    return sorted(name for name, cls in plugin_loader.types().items() if cls.waits_on_signals)


def check_template(bound, ignore_unavailable=False, services=None, strict=True):
    """Check every resource of ``bound`` (a StackDefinition) against its
    type: the type exists, its literal properties do, and so do the
    attributes read from it; with ``services``, the request's user can
    reach the type's service and given values pass their service
    constraints; see template_check. Returns how many resources template
    resources' child stacks add. ``strict``: a create's or update's
    checks, not only the validate call's."""
    return template_check.check_resources(bound, get,
                                          ignore_unavailable=ignore_unavailable,
                                          services=services, strict=strict)


def plugin_for(row, properties=None, cloud=None, definition=None):
    """The plugin instance for a resource row: its stored state, and
    ``properties`` (the resolved ones a step is converging to) or, by
    default, the stored ones; ``definition``, the step's frozen one."""
    cls = get(row.type, nested_template=row.nested_template)
    if definition is not None and definition.type != row.type and \
            cls.substitute_type == definition.type:
        cls = get(definition.type)   # updated in place to the substitute
    return cls(row.name, row.stack_id,
               properties if properties is not None else (row.properties_data or {}),
               physical_id=row.physical_resource_id,
               stored_properties=row.properties_data,
               stored_attributes=row.attributes_data, cloud=cloud,
               resource_id=row.uuid, definition=definition, stored_data=row.rsrc_data)
