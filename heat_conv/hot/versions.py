"""The HOT versions heat-conv accepts, and what each of them allows.

Each version is described once, as the changes it made to the version before
it, so the table reads like Heat's release history: a function is available
from the version that introduced it onwards, and nowhere before.
"""

import dataclasses
import datetime

from heat_conv.common import exception

VERSION_KEY = 'heat_template_version'

RELEASE_NAMES = {
    'newton': '2016-10-14',
    'ocata': '2017-02-24',
    'pike': '2017-09-01',
    'queens': '2018-03-02',
    'rocky': '2018-08-31',
    'wallaby': '2021-04-16',
}

# CloudFormation-style functions that the first HOT version still accepted.
_CFN_FUNCTIONS = frozenset({
    'Fn::Base64', 'Fn::GetAZs', 'Fn::Join', 'Fn::MemberListToMap',
    'Fn::Replace', 'Fn::ResourceFacade', 'Fn::Select', 'Fn::Split', 'Ref',
})


@dataclasses.dataclass(frozen=True)
class VersionSpec:
    """Everything about one template version that changes what is valid."""

    date: str
    # Functions usable in resource properties, metadata and outputs.
    functions: frozenset
    # Functions usable where a condition is expected; empty before newton.
    condition_functions: frozenset
    # Functions Heat has in this version that heat-conv cannot evaluate
    # (yaql needs an expression engine, resource_facade a parent stack).
    unsupported: frozenset
    sections: frozenset
    resource_keys: frozenset
    output_keys: frozenset
    deletion_policies: frozenset
    # ``get_attr: [res]`` returns every attribute of ``res``.
    get_attr_all_attributes: bool = False
    # ``list_join`` takes several lists; maps/lists are joined as JSON.
    list_join_many: bool = False
    # ``str_replace`` accepts maps and lists as values, written as JSON.
    str_replace_json: bool = False
    # ``repeat`` also substitutes inside map keys.
    repeat_replaces_keys: bool = False
    # ``repeat`` has the ``permutations`` switch.
    repeat_permutations: bool = False
    # The ``modulo`` parameter constraint exists.
    modulo_constraint: bool = False

    @property
    def has_conditions(self):
        return bool(self.condition_functions)

    @property
    def names(self):
        """Every spelling of this version: its date and any release name."""
        return [self.date] + [n for n, d in RELEASE_NAMES.items() if d == self.date]


def _evolve(spec, date, add=(), add_conditions=(), unsupported=None, **changes):
    """The spec of the version ``date``, made from its predecessor ``spec``."""
    return dataclasses.replace(
        spec, date=date,
        functions=spec.functions | frozenset(add),
        condition_functions=spec.condition_functions | frozenset(add_conditions),
        unsupported=spec.unsupported if unsupported is None else frozenset(unsupported),
        **changes)


def _build_table():
    v20130523 = VersionSpec(
        date='2013-05-23',
        functions=frozenset({'get_attr', 'get_file', 'get_param', 'get_resource',
                             'list_join', 'str_replace'}),
        condition_functions=frozenset(),
        unsupported=_CFN_FUNCTIONS | {'resource_facade'},
        sections=frozenset({VERSION_KEY, 'description', 'parameter_groups',
                            'parameters', 'resources', 'outputs'}),
        resource_keys=frozenset({'type', 'properties', 'metadata', 'depends_on',
                                 'deletion_policy', 'update_policy', 'description'}),
        output_keys=frozenset({'value', 'description'}),
        deletion_policies=frozenset({'Delete', 'Retain', 'Snapshot'}),
    )
    v20141016 = _evolve(v20130523, '2014-10-16',
                        unsupported={'resource_facade', 'Fn::Select'})
    v20150430 = _evolve(v20141016, '2015-04-30', add={'repeat', 'digest'})
    v20151015 = _evolve(v20150430, '2015-10-15', add={'str_split'},
                        unsupported={'resource_facade'},
                        get_attr_all_attributes=True, list_join_many=True,
                        str_replace_json=True)
    v20160408 = _evolve(v20151015, '2016-04-08', add={'map_merge'})
    v20161014 = _evolve(
        v20160408, '2016-10-14', add={'map_replace', 'if'},
        add_conditions={'get_param', 'equals', 'not', 'and', 'or'},
        unsupported={'resource_facade', 'yaql'},
        sections=v20160408.sections | {'conditions'},
        resource_keys=v20160408.resource_keys | {'condition', 'external_id'},
        output_keys=v20160408.output_keys | {'condition'},
        deletion_policies=v20160408.deletion_policies | {'delete', 'retain', 'snapshot'},
        repeat_replaces_keys=True)
    v20170224 = _evolve(v20161014, '2017-02-24', add={'filter', 'str_replace_strict'})
    v20170901 = _evolve(v20170224, '2017-09-01',
                        add={'make_url', 'list_concat', 'list_concat_unique',
                             'str_replace_vstrict', 'contains'},
                        add_conditions={'contains'}, repeat_permutations=True)
    v20180302 = _evolve(v20170901, '2018-03-02', modulo_constraint=True)
    v20180831 = _evolve(v20180302, '2018-08-31')
    # wallaby lets a condition choose between two other conditions with if.
    v20210416 = _evolve(v20180831, '2021-04-16', add_conditions={'if'})
    specs = [v20130523, v20141016, v20150430, v20151015, v20160408, v20161014,
             v20170224, v20170901, v20180302, v20180831, v20210416]
    return {spec.date: spec for spec in specs}


VERSIONS = _build_table()

# Every name any version treats as a function. A single-key map whose key is
# one of these is a function call (maybe one this version lacks); any other
# single-key map is plain data.
ALL_FUNCTION_NAMES = frozenset().union(
    *(s.functions | s.condition_functions | s.unsupported for s in VERSIONS.values()))


def normalise(raw):
    """The date for a version value (a date, a release name, or a date object)."""
    if isinstance(raw, (datetime.date, datetime.datetime)):
        raw = raw.strftime('%Y-%m-%d')
    if isinstance(raw, str):
        raw = raw.strip()
        return RELEASE_NAMES.get(raw.lower(), raw)
    return raw


def lookup(raw):
    """The VersionSpec for a ``heat_template_version`` value.

    Raises InvalidTemplateVersion, located at ``heat_template_version``.
    """
    date = normalise(raw)
    spec = VERSIONS.get(date) if isinstance(date, str) else None
    if spec is None:
        known = ', '.join(sorted(VERSIONS) + sorted(RELEASE_NAMES))
        raise exception.InvalidTemplateVersion(
            f'Unknown template version {raw!r}; valid versions are: {known}',
            path=(VERSION_KEY,))
    return spec


def introduced_in(name):
    """The first version in which function ``name`` exists, or None."""
    for date in sorted(VERSIONS):
        spec = VERSIONS[date]
        if name in spec.functions or name in spec.condition_functions:
            return date
    return None
