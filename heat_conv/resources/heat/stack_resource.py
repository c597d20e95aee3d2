"""OS::Heat::Stack: a child stack from an inline template."""
from heat_conv.common import exception
from heat_conv.hot import references
from heat_conv.hot import yaml_loader
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import stack_backed

OUTPUTS_PREFIX = 'outputs.'


class HeatStack(stack_backed.StackBacked):
    type_name = 'OS::Heat::Stack'
    properties_schema = {
        'template': Property('any', required=True, update_allowed=True,
                             description='The child stack\'s template: a string '
                                         '(YAML or JSON) or a map.'),
        'parameters': Property('map', default={}, update_allowed=True,
                               description='The child stack\'s parameter values.'),
        'timeout': Property('number', update_allowed=True,
                            description='The child stack\'s timeout, in minutes.'),
        'context': Property('map', description='Where the stack is built: heat-conv '
                                               'builds only local stacks, so a '
                                               'region_name is refused.'),
    }
    attributes_schema = {
        'outputs': 'A map of the child stack\'s outputs.',
        'stack_name': 'The name of the child stack.',
    }

    @classmethod
    def check_at_create(cls, properties, bound, path):
        _refuse_remote(properties.get('context'), tuple(path) + ('properties',))

    @classmethod
    def validate_properties(cls, values, path=()):
        properties = super().validate_properties(values, path)
        _refuse_remote(properties.get('context'), tuple(path))
        return properties

    @classmethod
    def has_attribute(cls, name):
        return name.startswith(OUTPUTS_PREFIX) or super().has_attribute(name)

    def child_spec(self):
        template = self.properties.get('template')
        if isinstance(template, (str, bytes)):
            template = yaml_loader.load(template)
        if not isinstance(template, dict):
            raise exception.InvalidProperties(
                'The template must be a template document or a map',
                path=('resources', self.name, 'properties', 'template'))
        timeout = self.properties.get('timeout')
        return stack_backed.ChildSpec(
            template=template,
            parameters=dict(self.properties.get('parameters') or {}),
            timeout=int(timeout) if timeout is not None else None)

    def attributes(self):
        # Heat's OS::Heat::Stack reads its child's outputs through the API,
        # where one in error has a null value: it is None here too.
        outputs = {key: None if references.is_unavailable(value) else value
                   for key, value in self.child_outputs().items()}
        stack = self.child_stack()
        values = {'outputs': outputs, 'stack_name': stack.name if stack else None}
        values.update({f'{OUTPUTS_PREFIX}{key}': value for key, value in outputs.items()})
        values.update(self.member_attributes())
        return values


def _refuse_remote(context, path):
    """Heat builds a stack with a ``region_name`` in that region's Heat (a
    remote stack); heat-conv has no remote stacks yet, so rather than build
    it here, it refuses it."""
    if isinstance(context, dict) and context.get('region_name') is not None:
        raise exception.InvalidProperties(
            'heat-conv does not support remote stacks (OS::Heat::Stack with a '
            'context region_name) yet', path=path + ('context', 'region_name'))
