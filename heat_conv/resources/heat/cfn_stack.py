"""AWS::CloudFormation::Stack: a child stack from the template at
``TemplateURL``, as Heat's NestedStack builds it.

The template is the request's ``files`` entry under that URL, or, as Heat
does, what the URL serves (template_resource.load_child). The child's
outputs are its
attributes ``Outputs.NAME``; its reference is the child stack's ARN.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import stack_backed
from heat_conv.resources.heat import template_resource

TEMPLATE_URL, TIMEOUT, PARAMETERS = 'TemplateURL', 'TimeoutInMinutes', 'Parameters'
OUTPUTS_PREFIX = 'Outputs.'


class CfnStack(stack_backed.StackBacked):
    type_name = 'AWS::CloudFormation::Stack'
    heat_class_name = 'NestedStack'
    properties_schema = {
        TEMPLATE_URL: Property('string', required=True, update_allowed=True,
                               description='The URL of a template that specifies the '
                                           'stack to be created as a resource.'),
        TIMEOUT: Property('number', update_allowed=True,
                          description='The length of time, in minutes, to wait for '
                                      'the nested stack creation.'),
        PARAMETERS: Property('map', default={}, update_allowed=True,
                             description='The set of parameters passed to this '
                                         'nested stack.'),
    }

    @classmethod
    def has_attribute(cls, name):
        # Only the child's outputs, as Heat's; not its members.
        return name.startswith(OUTPUTS_PREFIX)

    @classmethod
    def check_at_create(cls, properties, bound, path):
        url = properties.get(TEMPLATE_URL)
        if isinstance(url, str):
            template_resource.load_child(bound.template.files, url,
                                         tuple(path) + ('properties', TEMPLATE_URL))

    def child_spec(self):
        files, environment = self.parent_files_and_environment()
        url = self.properties[TEMPLATE_URL]
        path = ('resources', self.name, 'properties', TEMPLATE_URL)
        template = template_resource.load_child(files, url, path)
        if not isinstance(template, dict):
            raise exception.InvalidProperties('The template must be a map', path=path)
        timeout = self.properties.get(TIMEOUT)
        return stack_backed.ChildSpec(
            template=template, parameters=dict(self.properties.get(PARAMETERS) or {}),
            files=dict(files),
            environment=template_resource.child_environment(environment, url, self.name),
            timeout=int(timeout) if timeout is not None else None)

    def attributes(self):
        return {f'{OUTPUTS_PREFIX}{key}': value
                for key, value in self.child_outputs().items()}

    def refid(self):
        stack = self.child_stack()
        if stack is None:
            return self.physical_id or self.name
        return f'arn:openstack:heat::{stack.tenant}:stacks/{stack.name}/{stack.id}'
