"""A template bound to one stack's parameters: what the stack should be.

Binding resolves parameters, evaluates conditions, partially evaluates every
enabled resource and output (recording their dependencies on the way) and
rejects dependency cycles. It is linear in the size of the template.
"""

from heat_conv.common import exception
from heat_conv.hot import conditions
from heat_conv.hot import definitions
from heat_conv.hot import dependencies
from heat_conv.hot import evaluator
from heat_conv.hot import parameters
from heat_conv.hot import sections


class StackDefinition:

    def __init__(self, template, params=None, stack_name='', stack_id='', project_id='',
                 facade=None, validating=False, ignore_unavailable=False):
        self.template = template
        self.stack_name = stack_name
        self.version = template.version
        env = template.environment
        values = parameters.resolve(template.parameter_definitions, params,
                                    env.parameters, env.parameter_defaults,
                                    validating=validating,
                                    ignore_unavailable=ignore_unavailable)
        self.pseudo_parameters = template.layout.pseudo_values(stack_name, stack_id,
                                                               project_id)
        values.update(self.pseudo_parameters)
        self.parameters = values
        table = conditions.ConditionTable(template.conditions,
                                          template.spec.section('conditions'))
        self._scope = evaluator.Scope(template.spec, parameters=values, conditions=table,
                                      files=template.files, defined=template.resources,
                                      mappings=template.mappings, facade=facade)
        self._evaluator = evaluator.Evaluator(self._scope)
        table.attach(self._evaluator)
        self._conditions = table
        enabled = [name for name, res in template.resources.items()
                   if self._is_enabled(res.condition,
                                       template.path('resources', name, 'condition'))]
        self._scope.enabled = frozenset(enabled)
        self._resources = {name: self._define(template.resources[name]) for name in enabled}
        self._dependencies = {name: d.requires() for name, d in self._resources.items()}
        dependencies.check_acyclic(self._dependencies)
        self._outputs = {name: self._define_output(out)
                         for name, out in template.outputs.items()}

    @property
    def conditions(self):
        """{name: bool} of every condition. Binding evaluates only those
        something uses (as Heat does); this evaluates the rest."""
        return self._conditions.evaluate_all()

    # --- resources ----------------------------------------------------------

    def resource_names(self):
        """Names of the resources whose condition is true, in template order."""
        return list(self._resources)

    def resource(self, name):
        """The ResourceDefinition of an enabled resource; KeyError otherwise."""
        return self._resources[name]

    def dependencies(self):
        """{resource: {dependency: frozenset(attribute names)}}."""
        return {name: dict(deps) for name, deps in self._dependencies.items()}

    # --- outputs ------------------------------------------------------------

    def outputs(self):
        """{name: {'value', 'description', 'condition'}}.

        An output whose condition is false is listed with ``condition``
        False and value None, as Heat shows it.
        """
        shown = {}
        for name, out in self._outputs.items():
            shown[name] = {'value': out['value'], 'description': out['description'],
                           'condition': out['condition']}
            if out['error']:
                shown[name]['error'] = out['error']
        return shown

    def output_dependencies(self):
        """{output: {resource: frozenset(attribute names)}} of enabled outputs."""
        return {name: dependencies.freeze(out['requires'])
                for name, out in self._outputs.items()}

    def output_requires(self):
        """{resource: frozenset(attribute names)} that the outputs need."""
        needed = {}
        for out in self._outputs.values():
            dependencies.merge(needed, out['requires'])
        return dependencies.freeze(needed)

    def resolve_output(self, name, refs, attrs):
        """The value of output ``name``; OutputError if it cannot be computed."""
        if name not in self._outputs:
            raise exception.OutputNotFound(name, self.stack_name)
        return resolve_output(self._outputs[name], self.version, self.output_path(name),
                              refs, attrs)

    def output_path(self, name):
        """Where output ``name``'s value is in the template (for errors)."""
        return self.template.path('outputs', name, 'value')

    # --- parameters ---------------------------------------------------------

    def parameters_for_display(self):
        """{name: string} as Heat shows them, hidden values as '******'."""
        schemas = self.template.parameter_definitions
        return {name: schemas[name].display(value) if name in schemas else str(value)
                for name, value in self.parameters.items()}

    def check_immutable(self, previous_parameters):
        """Raise ImmutableParameterUpdate if this update changes an immutable
        parameter's value from ``previous_parameters`` (raw or typed)."""
        parameters.check_immutable(self.template.parameter_definitions,
                                   previous_parameters or {}, self.parameters)

    # --- building -----------------------------------------------------------

    def _is_enabled(self, condition, path):
        if condition is None:
            return True
        return self._evaluator.condition(condition, path)

    def _evaluate(self, snippet, path, requires, want_map=False):
        if snippet is None:
            return {} if want_map else None
        value, deferred = self._evaluator.evaluate(snippet, path, requires)
        if want_map and not deferred and not isinstance(value, dict):
            raise exception.InvalidTemplate(f'{path[-1]} must evaluate to a map', path=path)
        return evaluator.to_snippet(value)

    def _known_now(self, snippet, path):
        value, deferred = self._evaluator.evaluate(snippet, path)
        if deferred:
            raise exception.InvalidTemplate(
                f'The {path[-1]} cannot depend on another resource', path=path)
        return value

    def _define(self, res):
        def path(key):
            return self.template.path('resources', res.name, key)

        requires = {}
        properties = self._evaluate(res.properties, path('properties'), requires, True)
        metadata = self._evaluate(res.metadata, path('metadata'), requires, True)
        update_policy = self._evaluate(res.update_policy, path('update_policy'),
                                       requires, True)
        policy = sections.normalise_deletion_policy(
            self._known_now(res.deletion_policy, path('deletion_policy')),
            self.template.spec, path('deletion_policy'))
        external_id = None
        if res.external_id is not None:
            external_id = self._known_now(res.external_id, path('external_id'))
            if not isinstance(external_id, str) or not external_id:
                raise exception.InvalidTemplate('external_id must be a non-empty string',
                                                path=path('external_id'))
            policy = 'Retain'   # as in Heat: an external object is never deleted
        for dep in res.depends_on:
            # Heat drops explicit dependencies on resources that are not
            # created; there is nothing to wait for.
            if dep in self._scope.enabled:
                requires.setdefault(dep, set())
        registry = self.template.environment.registry
        type_name, nested = registry.resolve(res.type, res.name)
        return definitions.ResourceDefinition(
            res.name, type_name, self.version, properties, metadata, policy,
            update_policy, res.depends_on, requires, description=res.description,
            condition=res.condition, external_id=external_id,
            nested_template=nested, template_type=res.type,
            restricted_actions=registry.restricted_actions(res.name))

    def _define_output(self, out):
        def path(key):
            return self.template.path('outputs', out.name, key)

        enabled = self._is_enabled(out.condition, path('condition'))
        requires, value, error = {}, None, None
        if enabled:
            try:
                value = self._evaluate(out.value, path('value'), requires)
            except exception.InvalidTemplate as exc:
                if not _unknowable(exc):
                    raise
                # As in Heat: the stack is fine, the output shows its error.
                error = (exc.reason, exc.path, getattr(exc, 'parameter', None))
                requires = {}
        return {'value': value, 'description': out.description, 'condition': enabled,
                'requires': requires, 'error': error}


def _unknowable(exc):
    """Whether an output's error makes its value unknowable (an undeclared
    parameter, a function given values it cannot take), rather than the
    template wrong."""
    return isinstance(exc, exception.InvalidFunctionArgs) or \
        getattr(exc, 'parameter', None) is not None


def resolve_output(output, version, path, refs, attrs):
    """The value of a bound output (an entry of ``StackDefinition.outputs()``)
    from the reference ids and attributes of the resources it names;
    OutputError if it cannot be computed."""
    if not output['condition']:
        return None
    if output.get('error'):
        reason, error_path, parameter = output['error']
        raise exception.OutputError(reason, path=error_path, parameter=parameter)
    try:
        return evaluator.resolve_frozen(output['value'], version, refs, attrs, path=path)
    except exception.InvalidTemplate as exc:
        raise exception.OutputError(exc.reason, path=exc.path,
                                    parameter=getattr(exc, 'parameter', None)) from None
