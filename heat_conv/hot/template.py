"""A template (HOT or CloudFormation format): loaded, checked, and ready to
bind to a stack.

``Template.load`` rejects everything that is wrong whatever the parameters
(syntax, version, section shapes, unknown functions, bad references), so
the API's validate call and stack creation fail fast with the path of the
offending element. ``bind`` does the rest for one stack's parameters.
"""

import contextlib
import datetime

from heat_conv.common import exception
from heat_conv.hot import cfn_parameters
from heat_conv.hot import checker
from heat_conv.hot import conditions
from heat_conv.hot import custom_constraints
from heat_conv.hot import environment as environment_mod
from heat_conv.hot import evaluator
from heat_conv.hot import layouts
from heat_conv.hot import parameter_groups
from heat_conv.hot import parameters
from heat_conv.hot import sections
from heat_conv.hot import stack_definition
from heat_conv.hot import versions
from heat_conv.hot import yaml_loader
from heat_conv.hot.references import ALL_ATTRIBUTES  # noqa: F401  (public name)

# Workers finish frozen snippets with this alone, never the whole template.
resolve_frozen = evaluator.resolve_frozen

# What Heat reports for a template that has no description.
NO_DESCRIPTION = 'No description'


class Template:

    def __init__(self, body, files=None, environment=None, checked=False,
                 check_defaults=True):
        # A stored template's parameter values passed their service
        # constraints when they were stored; nobody is asked again.
        self.stored = checked
        with self._values_checked_before():
            self._load(body, files, environment, checked, check_defaults)

    def _values_checked_before(self):
        if self.stored:
            return custom_constraints.asking(custom_constraints.STORED)
        return contextlib.nullcontext()

    def _load(self, body, files, environment, checked, check_defaults):
        body = yaml_loader.require_mapping(body)
        self._body = body
        self.spec = versions.detect(body)
        self.version = self.spec.date
        self.layout = self.spec.layout
        sections.check_top_level(body, self.spec)
        self.files = dict(files or {})
        self.environment = environment_mod.Environment.load(environment)
        description = self._section('description')
        self.description = str(description) if description else NO_DESCRIPTION
        if self.spec.kind == layouts.CFN:
            self.parameter_definitions = cfn_parameters.parse_section(
                self._section('parameters'), check_defaults)
        else:
            self.parameter_definitions = parameters.parse_section(
                self._section('parameters'), self.spec, check_defaults)
        self.parameter_groups = parameter_groups.validate(
            self._section('parameter_groups'), self.parameter_definitions)
        self.mappings = sections.parse_mappings(self._section('mappings'), self.spec)
        self.conditions = conditions.parse_section(self._section('conditions'),
                                                   self.spec.section('conditions'))
        self.resources = sections.parse_resources(self._section('resources'), self.spec)
        self.outputs = sections.parse_outputs(self._section('outputs'), self.spec)
        if not checked:
            _guard_depth(self._check_snippets)

    @classmethod
    def load(cls, template_body, files=None, environment=None, check_defaults=True):
        """A Template from a mapping or YAML/JSON text, with its files and
        environment (a mapping, YAML/JSON text, or None). Without
        ``check_defaults``, parameter defaults are not put to their
        constraints (a child template as a validate call reads it)."""
        if isinstance(template_body, (str, bytes)):
            template_body = yaml_loader.load(template_body)
        return cls(template_body, files, environment, check_defaults=check_defaults)

    @classmethod
    def load_stored(cls, template_body, files=None, environment=None):
        """A Template that was loaded (and so checked) before it was stored.

        Its snippets are not checked again: that walk costs as much as
        binding, and a traversal's start binds every stored template it
        converges to.
        """
        return cls(template_body, files, environment, checked=True)

    def to_dict(self):
        """The template as a plain, JSON-serialisable mapping (for storage).

        It shares all but its top level with the template (a deep copy of a
        big template costs as much as checking it): callers store or
        serialise it and never change it.
        """
        body = dict(self._body)
        raw_version = body[self.spec.key]
        if isinstance(raw_version, (datetime.date, datetime.datetime)):
            body[self.spec.key] = versions.normalise(raw_version)
        return body

    def path(self, section, name=None, key=None):
        """An error path, spelled as this template spells its sections."""
        return self.layout.path(section, name, key)

    def parameter_schemas(self, user_params=None):
        """{name: schema} in the shape of Heat's template-validate response.

        ``Default`` reflects the environment's parameter_defaults, and
        ``Value`` appears for parameters the request or the environment sets.
        """
        env = self.environment
        values = dict(env.parameters, **(user_params or {}))
        out = {}
        for name, schema in self.parameter_definitions.items():
            kwargs = {}
            if name in env.parameter_defaults:
                default = env.parameter_defaults[name]
                kwargs.update(default=parameters.HIDDEN_VALUE if schema.hidden else default,
                              has_default=True)
            if name in values:
                kwargs.update(value=values[name], has_value=True)
            out[name] = schema.describe(**kwargs)
        return out

    def validate_output(self, user_params=None):
        """The body of Heat's template-validate response."""
        result = {'Description': self.description,
                  'Parameters': self.parameter_schemas(user_params)}
        if self.parameter_groups:
            result['ParameterGroups'] = self.parameter_groups
        environment = self.environment.user_dict(user_params)
        # Heat echoes the values; heat-conv never shows a hidden one.
        hidden = {name for name, schema in self.parameter_definitions.items()
                  if schema.hidden}
        for section in ('parameters', 'parameter_defaults'):
            environment[section] = {
                name: parameters.HIDDEN_VALUE if name in hidden else value
                for name, value in environment[section].items()}
        result['Environment'] = environment
        return result

    def bind(self, params=None, stack_name='', stack_id='', project_id='', facade=None,
             validating=False, ignore_unavailable=False):
        """A StackDefinition for one stack; see stack_definition.

        ``facade`` is for the stack of a template resource: the parent
        resource's ``metadata``, ``deletion_policy`` and ``update_policy``,
        which ``resource_facade`` returns. A top-level stack has none.
        ``validating`` and ``ignore_unavailable``: for a template only
        validated, how parameters' values are checked (parameters.resolve).
        """
        with self._values_checked_before():
            return _guard_depth(stack_definition.StackDefinition, self, params, stack_name,
                                stack_id, project_id, facade, validating,
                                ignore_unavailable)

    def _section(self, canonical):
        written = self.spec.section(canonical)
        return None if written is None else self._body.get(written)

    def _check_snippets(self):
        check = checker.Checker(self.spec, self.parameter_definitions, self.resources,
                                self.conditions, self.files, self.mappings)
        # As Heat: a condition is resolved only when something uses it, an
        # output only when it is shown.
        lazy = checker.Checker(self.spec, self.parameter_definitions, self.resources,
                               self.conditions, self.files, self.mappings,
                               parameters_checked=False)
        for name, definition in self.conditions.items():
            lazy.condition(definition, (self.spec.section('conditions'), name))
        for name, res in self.resources.items():
            if res.condition is not None:
                check.condition(res.condition, self.path('resources', name, 'condition'))
            for key in ('properties', 'metadata', 'update_policy', 'deletion_policy',
                        'external_id'):
                value = getattr(res, key)
                if value is not None:
                    check.value(value, self.path('resources', name, key))
        for name, out in self.outputs.items():
            if out.condition is not None:
                check.condition(out.condition, self.path('outputs', name, 'condition'))
            lazy.value(out.value, self.path('outputs', name, 'value'))


def _guard_depth(func, *args):
    # Snippets are walked recursively; an absurdly deep document must be a
    # 400 with a message, not a RecursionError turned into a 500.
    try:
        return func(*args)
    except RecursionError:
        raise exception.InvalidTemplate('The template is nested too deeply') from None


__all__ = ['ALL_ATTRIBUTES', 'NO_DESCRIPTION', 'Template', 'resolve_frozen']
