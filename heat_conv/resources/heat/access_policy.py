"""OS::Heat::AccessPolicy: the resources of its stack that a stack user may
describe (Heat's CloudFormation DescribeStackResource API).

Like Heat's it is only a record: the CFN API reads it when an
AWS::IAM::User that names it in its Policies signs a request
(heat_conv.api.cfn.access). It is checked when a stack is created or
updated (not by the validate call, as in Heat): every name it allows must
be a resource of the stack.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property

ALLOWED_RESOURCES = 'AllowedResources'


class AccessPolicy(base.Resource):
    type_name = 'OS::Heat::AccessPolicy'
    properties_schema = {
        ALLOWED_RESOURCES: Property('list', required=True,
                                    description='Resources that users are allowed to '
                                                'access by the DescribeStackResource API.'),
    }

    @classmethod
    def check_at_create(cls, properties, bound, path):
        allowed = properties.get(ALLOWED_RESOURCES)
        if not isinstance(allowed, list):
            return   # a function: its value is checked with the others'
        names = set(bound.resource_names())   # those whose condition holds
        for name in allowed:
            if isinstance(name, str) and name not in names:
                raise exception.Invalid(f'AccessPolicy resource {name} not in stack')
