"""OS::Heat::ResourceChain: one member per listed type, in a child stack.

Members are named ``0``, ``1``, ... in list order and share
``resource_properties``; unless ``concurrent``, each waits for the one
before it (``chain_template``). Attributes as a group's: ``refs``,
``attributes``, ``resource.N[.ATTR]`` and any member attribute as a list.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import chain_template
from heat_conv.resources.heat import member_attributes
from heat_conv.resources.heat import member_stack


class ResourceChain(member_stack.MemberStack):
    type_name = 'OS::Heat::ResourceChain'
    properties_schema = {
        'resources': Property('list', required=True, update_allowed=True,
                              description='The types of the resources to create, '
                                          'in order.'),
        'concurrent': Property('boolean', default=False,
                               description='If true, the resources are created at '
                                           'once; else each after the one before.'),
        'resource_properties': Property('map', update_allowed=True,
                                        description='Properties of every resource '
                                                    'of the chain.'),
    }
    attributes_schema = {
        'refs': 'A list of resource IDs for the resources in the chain.',
        'attributes': 'A map of resource names to the specified attribute of each '
                      'individual resource.',
    }

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        for index, type_name in enumerate(result['resources']):
            if not isinstance(type_name, str) or not type_name:
                raise exception.InvalidProperties(
                    'A resource type name is a non-empty string',
                    path=tuple(path) + ('resources', index))
        return result

    def child_spec(self):
        return self.member_spec(chain_template.assemble(
            self.properties['resources'], self.properties.get('resource_properties'),
            self.properties['concurrent']))

    def attributes(self):
        return self.shaped_attributes(
            [str(i) for i in range(len(self.properties['resources']))],
            own=member_attributes.CHAIN_ATTRIBUTES)
