"""Resource type name -> plugin class, the plugin instance for a row, and
a bound template's resources checked against their classes."""
from heat_conv.common import exception
from heat_conv.resources import autoscaling_group
from heat_conv.resources import dummy
from heat_conv.resources import heat_types
from heat_conv.resources import resource_chain
from heat_conv.resources import resource_group
from heat_conv.resources import scaling_policy
from heat_conv.resources import simple
from heat_conv.resources import software_config
from heat_conv.resources import software_deployment
from heat_conv.resources import software_deployment_group
from heat_conv.resources import stack_resource
from heat_conv.resources import template_check
from heat_conv.resources import template_resource
from heat_conv.resources import test_resource
from heat_conv.resources import wait_condition

_TYPES = {cls.type_name: cls for cls in (
    test_resource.TestResource, dummy.Dummy, simple.NoneResource, simple.Value,
    simple.RandomString, wait_condition.WaitConditionHandle,
    wait_condition.WaitCondition, software_config.SoftwareConfig,
    software_config.StructuredConfig, software_config.CloudConfig,
    software_config.MultipartMime, software_deployment.SoftwareDeployment,
    stack_resource.HeatStack, resource_group.ResourceGroup, resource_chain.ResourceChain,
    autoscaling_group.AutoScalingGroup, scaling_policy.ScalingPolicy,
    software_deployment_group.SoftwareDeploymentGroup)}


def get(type_name, path=(), nested_template=None):
    """The plugin class of a type; ResourceTypeUnavailable for a type of Heat's
    that heat-conv cannot run, UnknownResourceType for any other name.
    ``nested_template``: the template file the type maps to (whatever its
    name, the resource is then a template resource)."""
    if nested_template is not None:
        return template_resource.TemplateResource
    try:
        return _TYPES[type_name]
    except KeyError:
        pass
    if type_name in heat_types.HEAT_TYPES:
        raise exception.ResourceTypeUnavailable(heat_types.unavailable_reason(type_name),
                                                path=path)
    raise exception.UnknownResourceType(
        f'The Resource Type ({type_name}) could not be found.', path=path)


def names():
    return sorted(_TYPES)


def types_waiting_on_signals():
    """The types whose waits end on signals, not in the cloud."""
    return sorted(name for name, cls in _TYPES.items() if cls.waits_on_signals)


def check_template(bound, ignore_unavailable=False):
    """Check every resource of ``bound`` (a StackDefinition) against its
    type: the type exists, its literal properties do, and so do the
    attributes read from it; see template_check. Returns how many
    resources template resources' child stacks add."""
    return template_check.check_resources(bound, get,
                                          ignore_unavailable=ignore_unavailable)


def plugin_for(row, properties=None, cloud=None, definition=None):
    """The plugin instance for a resource row: its stored state, and
    ``properties`` (the resolved ones a step is converging to) or, by
    default, the stored ones; ``definition``, the step's frozen one."""
    cls = get(row.type, nested_template=row.nested_template)
    return cls(row.name, row.stack_id,
               properties if properties is not None else (row.properties_data or {}),
               physical_id=row.physical_resource_id,
               stored_properties=row.properties_data,
               stored_attributes=row.attributes_data, cloud=cloud,
               resource_id=row.uuid, definition=definition, stored_data=row.rsrc_data)
