"""Checks of a bound template against the resource types it uses.

The template language knows nothing about resource types; this is where a
bound stack meets them: every enabled resource's type must exist here, its
literal properties must be ones the type has, and every attribute another
resource or an output reads must be one the type offers (as Heat checks
when it validates a stack).
"""
from heat_conv.common import exception
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import base


def check_resources(bound, get_class, ignore_unavailable=False, services=None,
                    strict=True):
    """Raise the first problem found in ``bound`` (a StackDefinition);
    return how many resources the child stacks add (template resources'
    trees, groups' members).

    ``get_class`` is the registry's type lookup. With ``ignore_unavailable``
    a type Heat has but heat-conv cannot run is passed over (Heat's
    validate ``ignore_errors=99001``). ``services``: the OpenStack services
    the request's user can reach (request_services), if the request is
    to be checked against them: a type whose service is missing is
    unavailable, and given values must pass their service constraints.
    ``strict``: a create's or update's checks; without it, the validate
    call's, which (as Heat's) leave property values, missing required ones
    included, to the create.
    """
    tmpl = bound.template
    classes = {}
    nested = 0
    for name in bound.resource_names():
        defn = bound.resource(name)
        try:
            cls = get_class(defn.type, path=tmpl.path('resources', name, 'type'),
                            nested_template=defn.nested_template)
            if services is not None:
                cls.check_available(services, path=tmpl.path('resources', name, 'type'))
        except exception.ResourceTypeUnavailable:
            if ignore_unavailable:
                continue
            raise
        classes[name] = cls
        props = defn.frozen().get('properties') or {}
        _check_properties(cls, props, tmpl.path('resources', name, 'properties'))
        if services is not None:
            cls.check_constraints(props, services,
                                  path=tmpl.path('resources', name, 'properties'))
        if strict:
            _check_required(cls, props, tmpl.path('resources', name, 'properties'))
            cls.check_at_create(props, bound, tmpl.path('resources', name))
        nested += cls.members_at_validation(props)
        cls.check_members(props, bound, tmpl.path('resources', name), get_class)
        if defn.deletion_policy == 'Snapshot' and not cls.snapshots:
            # Heat's answer for a type that cannot take a snapshot.
            raise exception.InvalidTemplate(
                '"Snapshot" deletion policy not supported',
                path=tmpl.path('resources', name, 'deletion_policy'))
        if defn.nested_template is not None:
            nested += cls.check_nested_template(defn, bound, tmpl.path('resources', name),
                                                strict=strict)
    for name, requires in bound.dependencies().items():
        _check_attributes(classes, requires, tmpl.path('resources', name))
    for name, requires in bound.output_dependencies().items():
        _check_attributes(classes, requires, tmpl.path('outputs', name))
    return nested


def _check_properties(cls, props, path):
    if not isinstance(props, dict):
        raise exception.InvalidProperties('Properties must be a map', path=path)
    cls.check_property_names(props, path=path)


def _check_required(cls, props, path):
    # Heat's strict validation (create, update, preview; not the validate
    # call): a required property without a default must be given. Its value
    # may be a function, resolved later.
    if not isinstance(props, dict):
        return
    # A deprecated name gives the property that replaced it (a subnet's
    # network_id, its network), as Heat's translation does.
    given = set(props) | {new for old, new in cls.renamed.items() if old in props}
    for name, schema in cls.properties_schema.items():
        if schema.required and schema.default is None and name not in given:
            raise exception.PropertyError(f'Property {name} not assigned', path=path)


def _check_attributes(classes, requires, path):
    for resource, attributes in requires.items():
        cls = classes.get(resource)
        if cls is None:
            continue    # a type passed over above
        for attribute in attributes:
            if attribute == hot_template.ALL_ATTRIBUTES or attribute in base.BASE_ATTRIBUTES:
                continue
            if not cls.has_attribute(attribute):
                raise exception.InvalidTemplateAttribute(resource, attribute, path=path)
