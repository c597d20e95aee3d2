"""A HOT template: loaded, checked, and ready to bind to a stack.

``Template.load`` rejects everything that is wrong whatever the parameters
(syntax, version, section shapes, unknown functions, bad references), so
the API's validate call and stack creation fail fast with the path of the
offending element. ``bind`` does the rest for one stack's parameters.
"""

import copy
import datetime

from heat_conv.common import exception
from heat_conv.hot import checker
from heat_conv.hot import conditions
from heat_conv.hot import environment as environment_mod
from heat_conv.hot import evaluator
from heat_conv.hot import parameter_groups
from heat_conv.hot import parameters
from heat_conv.hot import sections
from heat_conv.hot import stack_definition
from heat_conv.hot import versions
from heat_conv.hot import yaml_loader
from heat_conv.hot.references import ALL_ATTRIBUTES  # noqa: F401  (public name)

# Workers finish frozen snippets with this alone, never the whole template.
resolve_frozen = evaluator.resolve_frozen


class Template:

    def __init__(self, body, files=None, environment=None):
        body = yaml_loader.require_mapping(body)
        if versions.VERSION_KEY not in body:
            if 'AWSTemplateFormatVersion' in body or 'HeatTemplateFormatVersion' in body:
                message = 'CloudFormation-format templates are not supported; use HOT'
            else:
                message = 'The template version is missing'
            raise exception.InvalidTemplateVersion(message, path=(versions.VERSION_KEY,))
        self._body = body
        self.spec = versions.lookup(body[versions.VERSION_KEY])
        self.version = self.spec.date
        sections.check_top_level(body, self.spec)
        self.files = dict(files or {})
        self.environment = environment_mod.Environment.load(environment)
        description = body.get('description')
        self.description = '' if description is None else str(description)
        self.parameter_definitions = parameters.parse_section(body.get('parameters'),
                                                              self.spec)
        self.parameter_groups = parameter_groups.validate(body.get('parameter_groups'),
                                                          self.parameter_definitions)
        self.conditions = conditions.parse_section(body.get('conditions'))
        self.resources = sections.parse_resources(body.get('resources'), self.spec)
        self.outputs = sections.parse_outputs(body.get('outputs'), self.spec)
        _guard_depth(self._check_snippets)

    @classmethod
    def load(cls, template_body, files=None, environment=None):
        """A Template from a mapping or YAML/JSON text, with its files and
        environment (a mapping, YAML/JSON text, or None)."""
        if isinstance(template_body, (str, bytes)):
            template_body = yaml_loader.load(template_body)
        return cls(template_body, files, environment)

    def to_dict(self):
        """The template as a plain, JSON-serialisable mapping (for storage)."""
        body = copy.deepcopy(self._body)
        raw_version = body[versions.VERSION_KEY]
        if isinstance(raw_version, (datetime.date, datetime.datetime)):
            body[versions.VERSION_KEY] = versions.normalise(raw_version)
        return body

    def parameter_schemas(self):
        """{name: schema} in the shape of Heat's template-validate response.

        ``Default`` reflects the environment's parameter_defaults, and
        ``Value`` appears for parameters the environment sets.
        """
        env = self.environment
        out = {}
        for name, schema in self.parameter_definitions.items():
            kwargs = {}
            if name in env.parameter_defaults:
                kwargs.update(default=env.parameter_defaults[name], has_default=True)
            if name in env.parameters:
                kwargs.update(value=env.parameters[name], has_value=True)
            out[name] = schema.describe(**kwargs)
        return out

    def validate_output(self):
        """The body of Heat's template-validate response."""
        result = {'Description': self.description or 'No description',
                  'Parameters': self.parameter_schemas()}
        if self.parameter_groups:
            result['ParameterGroups'] = self.parameter_groups
        return result

    def bind(self, params=None, stack_name='', stack_id='', project_id=''):
        """A StackDefinition for one stack; see stack_definition."""
        return _guard_depth(stack_definition.StackDefinition, self, params, stack_name,
                            stack_id, project_id)

    def _check_snippets(self):
        check = checker.Checker(self.spec, self.parameter_definitions, self.resources,
                                self.conditions, self.files)
        for name, definition in self.conditions.items():
            check.condition(definition, ('conditions', name))
        for name, res in self.resources.items():
            path = ('resources', name)
            if res.condition is not None:
                check.condition(res.condition, path + ('condition',))
            for key in ('properties', 'metadata', 'update_policy', 'deletion_policy',
                        'external_id'):
                check.value(getattr(res, key), path + (key,))
        for name, out in self.outputs.items():
            path = ('outputs', name)
            if out.condition is not None:
                check.condition(out.condition, path + ('condition',))
            check.value(out.value, path + ('value',))


def _guard_depth(func, *args):
    # Snippets are walked recursively; an absurdly deep document must be a
    # 400 with a message, not a RecursionError turned into a 500.
    try:
        return func(*args)
    except RecursionError:
        raise exception.InvalidTemplate('The template is nested too deeply') from None


__all__ = ['ALL_ATTRIBUTES', 'Template', 'resolve_frozen']
