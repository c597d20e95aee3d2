"""Template resources: a resource whose type is a template file (a name in
the request's ``files``, or a registry entry mapping a type name, even a
built-in one, to such a file). Its child stack is that template, its
properties the child's parameters, its attributes the child's outputs.
"""
from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.hot import resource_registry
from heat_conv.hot import template as hot_template
from heat_conv.hot import urlfetch
from heat_conv.hot import yaml_loader
from heat_conv.plugin_interface import registry
from heat_conv.resources.heat import provider_parameters
from heat_conv.resources.heat import stack_backed

# An output of this name is what get_resource returns, as in Heat.
STACK_ID_OUTPUT = 'OS::stack_id'


class TemplateResource(stack_backed.StackBacked):
    type_name = None   # any name the registry maps to a template file

    @classmethod
    def validate_properties(cls, values, path=()):
        # The child's parameter schema checks them, at the child's bind;
        # a template's validation checks the names (check_definition).
        if not isinstance(values, dict):
            raise exception.InvalidProperties('Properties must be a map', path=path)
        return dict(values)

    @classmethod
    def check_nested_template(cls, definition, bound, path, strict=True):
        return check_definition(definition, bound, path, strict=strict)

    @classmethod
    def check_property_names(cls, names, path=()):
        return None

    @classmethod
    def has_attribute(cls, name):
        return True   # the child's outputs; checked with the child (check_definition)

    def child_spec(self):
        files, environment = self.parent_files_and_environment()
        location = self.definition.nested_template
        files = dict(files)
        environment = child_environment(environment, location, self.name)
        template = load_child(files, location, ('resources', self.name, 'type'))
        return stack_backed.ChildSpec(
            template=template,
            parameters=provider_parameters.parameters(template, self.properties),
            files=files, environment=environment)

    def attributes(self):
        outputs = self.child_outputs()
        values = dict(outputs)
        values.update(self.member_attributes())
        stack = self.child_stack()
        if STACK_ID_OUTPUT not in outputs and stack is not None:
            values[STACK_ID_OUTPUT] = (f'arn:openstack:heat::{stack.tenant}:stacks/'
                                       f'{stack.name}/{stack.id}')
        self.stored_attributes = values
        return values

    def refid(self):
        if not self.physical_id:
            return self.name
        return self.stored_attributes.get(STACK_ID_OUTPUT) or self.physical_id


def load_child(files, location, path):
    """The parsed child template stored under ``location`` in ``files``, or
    fetched from the http(s) URL ``location`` and kept in ``files`` (a dict)
    from then on: stored with the stack, it is the template every later
    step reads."""
    if location not in files:
        if not urlfetch.is_url(location):
            raise exception.InvalidTemplate(
                f'Could not fetch remote template "{location}": it is not in the '
                'files map, and not an http or https URL', path=path)
        try:
            files[location] = urlfetch.get(location)
        except urlfetch.FetchError as exc:
            raise exception.InvalidTemplate(
                f'Could not fetch remote template "{location}": {exc}', path=path) from None
    body = files[location]
    if isinstance(body, (str, bytes)):
        body = yaml_loader.load(body)
    return yaml_loader.require_mapping(body)


def child_template(parent, location, check_defaults=True):
    """The Template of ``parent``'s (a Template) child at ``location``, with
    the files and environment the child stack gets."""
    return hot_template.Template.load(
        load_child(parent.files, location, ()), files=parent.files,
        environment=child_environment(parent.environment.to_dict(), location),
        check_defaults=check_defaults)


def child_environment(environment, location, resource_name=None):
    """The environment a child stack inherits: the parent's registry (less
    the entries that map onto the child's own file, so that a template can
    use the very type it implements), the nested registries of its parent
    resource ``resource_name`` as its per-resource entries, and parameter
    defaults."""
    raw_registry = environment.get('resource_registry') or {}
    registry = {name: target for name, target in raw_registry.items()
                if name != 'resources' and target != location}
    if resource_name is not None:
        nested = resource_registry.ResourceRegistry(raw_registry).nested_resources(
            resource_name)
        if nested:
            registry['resources'] = nested
    child = {}
    if registry:
        child['resource_registry'] = registry
    if environment.get('parameter_defaults'):
        child['parameter_defaults'] = dict(environment['parameter_defaults'])
    return child


def check_definition(defn, bound, path, chain=(), strict=True):
    """A template's validation of template resource ``defn``: its child
    template loads, its properties are the child's parameters, its nested
    templates form no loop and are not too deep. Returns how many
    resources the child's tree has. Not ``strict`` (a validate call), the
    child's parameter defaults and resource types are left to the create,
    as Heat leaves them to the child stack it builds then."""
    location = defn.nested_template
    chain = tuple(chain) + (location,)
    if chain.count(location) > 1:
        raise exception.InvalidTemplate(
            'Template resources form a loop: ' + ' -> '.join(chain), path=path)
    limits.check_nested_depth(len(chain))
    files = bound.template.files
    environment = child_environment(bound.template.environment.to_dict(), location)
    try:
        child = hot_template.Template.load(load_child(files, location, ()), files=files,
                                           environment=environment, check_defaults=strict)
    except exception.InvalidTemplate as exc:
        raise exception.InvalidTemplate(exc.reason, path=tuple(path) + exc.path) from None
    _check_facade(defn, bound, child)
    props = defn.frozen().get('properties') or {}
    params = child.parameter_definitions
    for name in props:
        if name not in params:
            raise exception.InvalidProperties(f'Unknown Property {name}',
                                              path=tuple(path) + ('properties', name))
    return _count_tree(child, path, chain, bound.template.environment.registry, strict)


def _check_facade(defn, bound, provider):
    """A resource-specific mapping (the provider) of a type the registry
    maps globally to another template (the facade) must offer what the
    facade declares: its required parameters and its outputs, as in Heat."""
    _, facade_location = bound.template.environment.registry.resolve(defn.template_type)
    if facade_location in (None, defn.nested_template) or \
            facade_location not in bound.template.files:
        return
    facade = hot_template.Template.load(load_child(bound.template.files, facade_location,
                                                   ()))
    for name, schema in facade.parameter_definitions.items():
        if not schema.has_default and name not in provider.parameter_definitions:
            raise exception.Invalid(f'Required property {name} for facade '
                                    f'{defn.template_type} missing in provider')
    for name in facade.outputs:
        if name not in provider.outputs:
            raise exception.Invalid(f'Attribute {name} for facade '
                                    f'{defn.template_type} missing in provider')


def _count_tree(child, path, chain, top_registry, strict=True):
    registry = child.environment.registry
    count = 0
    for name, res in child.resources.items():
        count += 1
        _, nested = registry.resolve(res.type, name)
        if nested is None:
            # A type the child may not map onto its own file: fine if it is
            # built in (the template implements it), a loop otherwise.
            _, mapped = top_registry.resolve(res.type, name)
            if mapped in chain and not _built_in(res.type):
                raise exception.InvalidTemplate(
                    'Template resources form a loop: ' + ' -> '.join(
                        chain + (f'{res.type} ({mapped})',)), path=path)
            if strict:
                _check_type(registry.resolve(res.type, name)[0],
                            tuple(path) + ('resources', name, 'type'))
            continue
        loop = chain + (nested,)
        if nested in chain:
            raise exception.InvalidTemplate(
                'Template resources form a loop: ' + ' -> '.join(loop), path=path)
        limits.check_nested_depth(len(loop))
        grandchild = hot_template.Template.load(
            load_child(child.files, nested, tuple(path)), files=child.files,
            environment=child_environment(child.environment.to_dict(), nested),
            check_defaults=strict)
        count += _count_tree(grandchild, path, loop, top_registry, strict)
    return count


def _built_in(type_name):
    try:
        _check_type(type_name, ())
    except exception.HeatConvException:
        return False
    return True


def _check_type(type_name, path):
    try:
        registry.get(type_name, path=path)
    except exception.ResourceTypeUnavailable:
        pass   # Heat's type: refused when the child stack is built, not here
