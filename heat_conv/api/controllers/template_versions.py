"""Template versions, and the functions each of them offers."""
from heat_conv.api import query
from heat_conv.api import responses
from heat_conv.common import exception
from heat_conv.hot import functions
from heat_conv.hot import versions

PREFIX = versions.VERSION_KEY + '.'


def _lookup(name):
    """The VersionSpec for ``heat_template_version.<date or release>``."""
    if name.startswith(PREFIX):
        date = versions.normalise(name[len(PREFIX):])
        if date in versions.VERSIONS:
            return versions.VERSIONS[date]
    raise exception.TemplateVersionNotFound(name)


def _describe(function):
    doc = (type(function).__doc__ or '').strip()
    return doc.splitlines()[0] if doc else f'The {function.name} function.'


class TemplateVersionController:

    def index(self, req, ctx, tenant_id):
        return responses.json_response({'template_versions': [
            {'version': PREFIX + spec.date, 'type': 'hot',
             'aliases': [PREFIX + alias for alias in spec.names[1:]]}
            for _, spec in sorted(versions.VERSIONS.items())]})

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
