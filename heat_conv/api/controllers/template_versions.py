"""Template versions, and the functions each of them offers."""
from heat_conv.api import query
from heat_conv.api import responses
from heat_conv.common import exception
from heat_conv.hot import functions
from heat_conv.hot import versions


def _lookup(name):
    """The VersionSpec for ``key.<date or release>``, as Heat names versions."""
    key, _, value = name.partition('.')
    if key in versions.VERSION_KEYS and value:
        for spec in versions.of_key(key):
            if versions.normalise(value) == spec.date:
                return spec
    raise exception.TemplateVersionNotFound(name)


def _describe(function):
    doc = (type(function).__doc__ or '').strip()
    return doc.splitlines()[0] if doc else f'The {function.name} function.'


class TemplateVersionController:

    def index(self, req, ctx, tenant_id):
        # Heat lists them sorted by name: the CloudFormation keys come first.
        specs = sorted(versions.VERSIONS.values(), key=lambda spec: spec.label)
        return responses.json_response({'template_versions': [
            {'version': spec.label, 'type': spec.kind,
             'aliases': [f'{spec.key}.{alias}' for alias in spec.names[1:]]}
            for spec in specs]})

    def functions(self, req, ctx, tenant_id, template_version):
        spec = _lookup(template_version)
        with_conditions = query.boolean(req, 'with_condition_func')
        table = functions.table(spec.date)
        names = set(spec.functions)
        if with_conditions:
            names |= spec.condition_functions
        return responses.json_response({'template_functions': [
            {'functions': name, 'description': _describe(table[name])}
            for name in sorted(names)]})
