"""Resource types: the list, one type's schema, and a template using it."""
import re

from heat_conv.api import query
from heat_conv.api import responses
from heat_conv.common import exception
from heat_conv.resources import registry

SUPPORTED = {'status': 'SUPPORTED', 'version': None, 'message': None,
             'previous_status': None}


def _class(type_name):
    try:
        return registry.get(type_name)
    except exception.UnknownResourceType:
        raise exception.ResourceTypeNotFound(type_name) from None


def _description(cls):
    doc = (cls.__doc__ or '').strip()
    return doc.splitlines()[0] if doc else ''


def _attributes(cls):
    return {name: {'description': description}
            for name, description in cls.attributes_schema.items()}


class ResourceTypeController:

    def index(self, req, ctx, tenant_id):
        pattern = query.string(req, 'name')
        try:
            matcher = re.compile(pattern) if pattern else None
        except re.error as exc:
            raise exception.Invalid(f'Invalid name filter {pattern!r}: {exc}') from None
        status = query.string(req, 'support_status')
        if status and status.upper() != 'SUPPORTED':
            names = []
        else:
            names = [n for n in registry.names() if matcher is None or matcher.search(n)]
        if query.boolean(req, 'with_description'):
            types = [{'resource_type': n, 'description': _description(registry.get(n))}
                     for n in names]
        else:
            types = names
        return responses.json_response({'resource_types': types})

    def show(self, req, ctx, tenant_id, type_name):
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
        """A HOT template exposing every property as a parameter and every
        attribute as an output (``openstack orchestration resource type
        show --template-type hot``)."""
        cls = _class(type_name)
        template_type = query.choice(req, 'template_type', ('hot', 'cfn'), 'hot')
        if template_type != 'hot':
            raise exception.NotSupported('Only HOT templates are generated')
        parameters = {}
        for name, prop in cls.properties_schema.items():
            param = {'type': _PARAMETER_TYPES.get(prop.type, 'string'),
                     'description': prop.description}
            if prop.default is not None:
                param['default'] = prop.default
            parameters[name] = param
        return responses.json_response({
            'heat_template_version': '2016-10-14',
            'description': f'Initial template of {type_name}',
            'parameters': parameters,
            'resources': {'resource': {'type': type_name, 'properties': {
                name: {'get_param': name} for name in cls.properties_schema}}},
            'outputs': {name: {'description': description,
                               'value': {'get_attr': ['resource', name]}}
                        for name, description in cls.attributes_schema.items()},
        })


_PARAMETER_TYPES = {'string': 'string', 'integer': 'number', 'number': 'number',
                    'boolean': 'boolean', 'list': 'comma_delimited_list', 'map': 'json',
                    'any': 'json'}
