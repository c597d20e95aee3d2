"""Resource types: the list, one type's schema, and a template using it."""
import re

from heat_conv.api import query
from heat_conv.api import responses
from heat_conv.common import exception
from heat_conv.common import policy
from heat_conv.hot import global_environment
from heat_conv.hot import resource_registry
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

SUPPORTED = {'status': 'SUPPORTED', 'version': None, 'message': None,
             'previous_status': None}


def _class(type_name):
    try:
        return registry.get(_resolved(type_name))
    except exception.UnknownResourceType:
        raise exception.ResourceTypeNotFound(type_name) from None


def _resolved(type_name):
    """The type a name is, after the global environment's mappings."""
    return resource_registry.ResourceRegistry().resolve(type_name)[0]


def _type_names():
    """heat-conv's types and the global environment's names for them."""
    names = set(registry.names())
    for alias in global_environment.aliases():
        if _resolved(alias) in names:
            names.add(alias)
    return sorted(names)


def _description(cls):
    doc = (cls.__doc__ or '').strip()
    return doc.splitlines()[0] if doc else ''


def _attributes(cls):
    out = {name: {'description': description}
           for name, description in cls.attributes_schema.items()}
    out.update({name: {'description': description, 'type': 'map'}
                for name, description in base.BASE_ATTRIBUTES.items()})
    return out


class ResourceTypeController:

    def index(self, req, ctx, tenant_id):
        pattern = query.string(req, 'name')
        try:
            matcher = re.compile(pattern) if pattern else None
        except re.error as exc:
            raise exception.Invalid(f'Invalid name filter {pattern!r}: {exc}') from None
        status = query.string(req, 'support_status')
        # ``version`` asks for the types introduced in a Heat release; no
        # heat-conv type carries one, so none matches.
        if (status and status.upper() != 'SUPPORTED') or query.string(req, 'version'):
            names = []
        else:
            # As in Heat: a type the user may not use is not listed.
            names = [n for n in _type_names() if (matcher is None or matcher.search(n))
                     and policy.resource_type_allowed(ctx, n)]
        if query.boolean(req, 'with_description'):
            types = [{'resource_type': n, 'description': _description(_class(n))}
                     for n in names]
        else:
            types = names
        return responses.json_response({'resource_types': types})

    def show(self, req, ctx, tenant_id, type_name):
        policy.authorize_resource_types(ctx, [type_name])
        cls = _class(type_name)
        body = {
            'resource_type': type_name,
            'properties': {name: prop.to_schema()
                           for name, prop in cls.properties_schema.items()},
            'attributes': _attributes(cls),
            'support_status': dict(SUPPORTED),
        }
        if query.boolean(req, 'with_description'):
            body['description'] = _description(cls)
        return responses.json_response(body)

    def template(self, req, ctx, tenant_id, type_name):
        """A provider template mirroring the type: every property a
        parameter, every attribute an output (``openstack orchestration
        resource type show --template-type hot|cfn``); CFN by default, as
        in Heat."""
        policy.authorize_resource_types(ctx, [type_name])
        cls = _class(type_name)
        template_type = query.choice(req, 'template_type', ('hot', 'cfn'), 'cfn')
        return responses.json_response(provider_template(cls, type_name, template_type))


def provider_template(cls, type_name, template_type):
    resource_name = cls.__name__
    hot = template_type == 'hot'
    parameters, properties = {}, {}
    for name, prop in cls.properties_schema.items():
        parameters[name] = _parameter(prop, hot)
        if hot:
            properties[name] = {'get_param': name}
        elif prop.type == 'list':
            properties[name] = {'Fn::Split': [',', {'Ref': name}]}
        else:
            properties[name] = {'Ref': name}
    attributes = dict(cls.attributes_schema, **base.BASE_ATTRIBUTES)
    outputs = {}
    for name, description in attributes.items():
        if hot:
            outputs[name] = {'value': {'get_attr': [resource_name, name]},
                             'description': description}
        else:
            outputs[name] = {'Value': {'Fn::GetAtt': [resource_name, name]},
                             'Description': description}
    outputs['OS::stack_id'] = ({'value': {'get_resource': resource_name}} if hot
                               else {'Value': {'Ref': resource_name}})
    description = f'Initial template of {resource_name}'
    if hot:
        return {'heat_template_version': '2016-10-14', 'description': description,
                'parameters': parameters, 'outputs': outputs,
                'resources': {resource_name: {'type': type_name,
                                              'properties': properties}}}
    return {'HeatTemplateFormatVersion': '2012-12-12', 'Description': description,
            'Parameters': parameters, 'Outputs': outputs,
            'Resources': {resource_name: {'Type': type_name,
                                          'Properties': properties}}}


def _parameter(prop, hot):
    param_type = _PARAMETER_TYPES[prop.type]
    out = {'type' if hot else 'Type': param_type if hot else _CFN_TYPES[param_type],
           'description' if hot else 'Description': prop.description}
    if prop.default is not None:
        out['default' if hot else 'Default'] = prop.default
    low, high = prop.min_value, prop.max_value
    allowed = list(prop.allowed_values)
    if hot:
        constraints = []
        if low is not None or high is not None:
            constraints.append({'range': {k: v for k, v in (('min', low), ('max', high))
                                          if v is not None}})
        if allowed:
            constraints.append({'allowed_values': allowed})
        if constraints:
            out['constraints'] = constraints
        return out
    if low is not None:
        out['MinValue'] = low
    if high is not None:
        out['MaxValue'] = high
    if allowed:
        out['AllowedValues'] = allowed
    if prop.type == 'boolean':
        out['AllowedValues'] = ['True', 'true', 'False', 'false']
    return out


_PARAMETER_TYPES = {'string': 'string', 'integer': 'number', 'number': 'number',
                    'boolean': 'boolean', 'list': 'comma_delimited_list', 'map': 'json',
                    'any': 'json'}
_CFN_TYPES = {'string': 'String', 'number': 'Number', 'boolean': 'Boolean',
              'comma_delimited_list': 'CommaDelimitedList', 'json': 'Json'}
