"""The template versions heat-conv accepts, and what each of them allows.

A version is a table: its functions, its sections and keys (spelled by its
format's Layout) and a few switches. HOT versions are each described as the
changes they made to the version before, so the table reads like Heat's
release history. The two CloudFormation-format versions Heat accepts are
described once each. Every version has a unique date, which is how frozen
snippets name the version that evaluates them.

To add a version (or a function to one): build its VersionSpec here and
register any new function class in ``functions``; nothing else changes.
"""

import dataclasses
import datetime

from heat_conv.common import exception
from heat_conv.hot import layouts

VERSION_KEY = 'heat_template_version'
AWS_VERSION_KEY = 'AWSTemplateFormatVersion'
HEAT_CFN_VERSION_KEY = 'HeatTemplateFormatVersion'
VERSION_KEYS = (AWS_VERSION_KEY, HEAT_CFN_VERSION_KEY, VERSION_KEY)

RELEASE_NAMES = {
    'newton': '2016-10-14',
    'ocata': '2017-02-24',
    'pike': '2017-09-01',
    'queens': '2018-03-02',
    'rocky': '2018-08-31',
    'wallaby': '2021-04-16',
}

# The CloudFormation functions the first HOT version still accepted.
_CFN_IN_HOT = frozenset({
    'Fn::Base64', 'Fn::GetAZs', 'Fn::Join', 'Fn::MemberListToMap',
    'Fn::Replace', 'Fn::ResourceFacade', 'Fn::Select', 'Fn::Split', 'Ref',
})


@dataclasses.dataclass(frozen=True)
class VersionSpec:
    """Everything about one template version that changes what is valid."""

    date: str
    # Functions usable in resource properties, metadata and outputs.
    functions: frozenset
    # Functions usable where a condition is expected; empty if none.
    condition_functions: frozenset
    # Functions Heat has in this version that heat-conv cannot evaluate.
    unsupported: frozenset
    # Written names: top-level sections (with the version key), resource
    # and output keys.
    sections: frozenset
    resource_keys: frozenset
    output_keys: frozenset
    deletion_policies: frozenset
    key: str = VERSION_KEY
    layout: layouts.Layout = layouts.HOT_LAYOUT
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
    def kind(self):
        """'hot' or 'cfn', as /template_versions reports it."""
        return self.layout.kind

    @property
    def names(self):
        """Every spelling of this version: its date and any release name."""
        if self.key != VERSION_KEY:
            return [self.date]
        return [self.date] + [n for n, d in RELEASE_NAMES.items() if d == self.date]

    @property
    def call_names(self):
        """Every name a template of this format treats as a function call."""
        return CALL_NAMES[self.kind]

    @property
    def label(self):
        """``key.date``, as Heat names a template version in its API."""
        return f'{self.key}.{self.date}'

    def section(self, canonical):
        """The written name of a canonical section, or None if it has none."""
        written = self.layout.sections.get(canonical)
        return written if written in self.sections else None


def _evolve(spec, date, add=(), remove=(), add_conditions=(), unsupported=None,
            **changes):
    """The spec of the version ``date``, made from its predecessor ``spec``."""
    return dataclasses.replace(
        spec, date=date,
        functions=(spec.functions | frozenset(add)) - frozenset(remove),
        condition_functions=spec.condition_functions | frozenset(add_conditions),
        unsupported=spec.unsupported if unsupported is None else frozenset(unsupported),
        **changes)


def _hot_versions():
    v20130523 = VersionSpec(
        date='2013-05-23',
        functions=frozenset({'get_attr', 'get_file', 'get_param', 'get_resource',
                             'list_join', 'str_replace', 'resource_facade'}) | _CFN_IN_HOT,
        condition_functions=frozenset(),
        unsupported=frozenset(),
        sections=frozenset({VERSION_KEY, 'description', 'parameter_groups',
                            'parameters', 'resources', 'outputs'}),
        resource_keys=frozenset({'type', 'properties', 'metadata', 'depends_on',
                                 'deletion_policy', 'update_policy', 'description'}),
        output_keys=frozenset({'value', 'description'}),
        deletion_policies=frozenset({'Delete', 'Retain', 'Snapshot'}),
    )
    v20141016 = _evolve(v20130523, '2014-10-16', remove=_CFN_IN_HOT - {'Fn::Select'})
    v20150430 = _evolve(v20141016, '2015-04-30', add={'repeat', 'digest'})
    v20151015 = _evolve(v20150430, '2015-10-15', add={'str_split'}, remove={'Fn::Select'},
                        get_attr_all_attributes=True, list_join_many=True,
                        str_replace_json=True)
    v20160408 = _evolve(v20151015, '2016-04-08', add={'map_merge'})
    v20161014 = _evolve(
        v20160408, '2016-10-14', add={'map_replace', 'if', 'yaql'},
        add_conditions={'get_param', 'equals', 'not', 'and', 'or'},
        sections=v20160408.sections | {'conditions'},
        resource_keys=v20160408.resource_keys | {'condition', 'external_id'},
        output_keys=v20160408.output_keys | {'condition'},
        deletion_policies=v20160408.deletion_policies | {'delete', 'retain', 'snapshot'},
        repeat_replaces_keys=True)
    v20170224 = _evolve(v20161014, '2017-02-24', add={'filter', 'str_replace_strict'})
    v20170901 = _evolve(v20170224, '2017-09-01',
                        add={'make_url', 'list_concat', 'list_concat_unique',
                             'str_replace_vstrict', 'contains'},
                        add_conditions={'contains', 'yaql'}, repeat_permutations=True)
    v20180302 = _evolve(v20170901, '2018-03-02', modulo_constraint=True)
    v20180831 = _evolve(v20180302, '2018-08-31')
    # wallaby lets a condition choose between two other conditions with if.
    v20210416 = _evolve(v20180831, '2021-04-16', add_conditions={'if'})
    return [v20130523, v20141016, v20150430, v20151015, v20160408, v20161014,
            v20170224, v20170901, v20180302, v20180831, v20210416]


def _cfn_versions():
    cfn = layouts.CFN_LAYOUT
    heat_cfn = VersionSpec(
        date='2012-12-12', key=HEAT_CFN_VERSION_KEY, layout=cfn,
        functions=frozenset({'Fn::FindInMap', 'Fn::GetAZs', 'Ref', 'Fn::GetAtt',
                             'Fn::Select', 'Fn::Join', 'Fn::Split', 'Fn::Replace',
                             'Fn::Base64', 'Fn::MemberListToMap',
                             'Fn::ResourceFacade'}),
        condition_functions=frozenset(),
        unsupported=frozenset(),
        sections=frozenset({HEAT_CFN_VERSION_KEY, 'Description', 'Parameters',
                            'Mappings', 'Resources', 'Outputs'}),
        resource_keys=frozenset({'Type', 'Properties', 'Metadata', 'DependsOn',
                                 'DeletionPolicy', 'UpdatePolicy', 'Description'}),
        output_keys=frozenset({'Value', 'Description'}),
        deletion_policies=frozenset({'Delete', 'Retain', 'Snapshot'}),
    )
    aws = dataclasses.replace(
        heat_cfn, date='2010-09-09', key=AWS_VERSION_KEY,
        functions=heat_cfn.functions | {'Fn::If'},
        condition_functions=frozenset({'Fn::Equals', 'Ref', 'Fn::FindInMap', 'Fn::Not',
                                       'Fn::And', 'Fn::Or'}),
        sections=(heat_cfn.sections - {HEAT_CFN_VERSION_KEY}) | {AWS_VERSION_KEY,
                                                                 'Conditions'},
        resource_keys=heat_cfn.resource_keys | {'Condition'},
        output_keys=heat_cfn.output_keys | {'Condition'})
    return [aws, heat_cfn]


VERSIONS = {spec.date: spec for spec in _hot_versions() + _cfn_versions()}


def _names(specs):
    return frozenset().union(
        *(s.functions | s.condition_functions | s.unsupported for s in specs))


# Per format, every name one of its versions treats as a function: a
# single-key map whose key is one of these is a function call (maybe one the
# template's version lacks); any other single-key map is plain data.
CALL_NAMES = {kind: _names(s for s in VERSIONS.values() if s.kind == kind)
              for kind in (layouts.HOT, layouts.CFN)}
ALL_FUNCTION_NAMES = CALL_NAMES[layouts.HOT] | CALL_NAMES[layouts.CFN]


def normalise(raw):
    """The date for a version value (a date, a release name, or a date object)."""
    if isinstance(raw, (datetime.date, datetime.datetime)):
        raw = raw.strftime('%Y-%m-%d')
    if isinstance(raw, str):
        raw = raw.strip()
        return RELEASE_NAMES.get(raw.lower(), raw)
    return raw


def of_key(key):
    """The specs of one version key, oldest first."""
    return [VERSIONS[d] for d in sorted(VERSIONS) if VERSIONS[d].key == key]


def lookup(raw, key=VERSION_KEY):
    """The VersionSpec for the value of version key ``key``.

    Raises InvalidTemplateVersion with Heat's wording.
    """
    date = normalise(raw)
    for spec in of_key(key):
        if date == spec.date:
            return spec
    available = sorted(name for spec in of_key(key) for name in spec.names)
    verb = 'should be one of' if len(available) > 1 else 'should be'
    raise invalid_version(f'"{key}: {raw}". "{key}" {verb}: {", ".join(available)}')


def by_date(date):
    """The VersionSpec whose date is ``date`` (as frozen definitions name it)."""
    spec = VERSIONS.get(normalise(date)) if date is not None else None
    if spec is None:
        raise invalid_version(f'"{date}" is not a known template version')
    return spec


def detect(body):
    """The VersionSpec a template body declares, as Heat finds it."""
    present = sorted(k for k in VERSION_KEYS if k in body and _looks_like_version(body[k]))
    if len(present) > 1:
        raise invalid_version(f'Ambiguous versions ({", ".join(present)})')
    if not present:
        raise invalid_version('Template version was not provided')
    return lookup(body[present[0]], present[0])


def invalid_version(explanation):
    # Heat's exact wording; the explanation names the key, so no path.
    return exception.InvalidTemplateVersion(
        f'The template version is invalid: {explanation}')


def _looks_like_version(value):
    return isinstance(value, (str, datetime.date, datetime.datetime))


def introduced_in(name, kind=layouts.HOT):
    """The first version of format ``kind`` in which function ``name`` exists."""
    for date in sorted(VERSIONS):
        spec = VERSIONS[date]
        if spec.kind == kind and (name in spec.functions
                                  or name in spec.condition_functions):
            return date
    return None


def first_with(spec, field, name):
    """The first version of ``spec``'s format, other than ``spec``, whose
    ``field`` (sections, resource_keys, ...) has ``name``; or None."""
    for date in sorted(VERSIONS):
        other = VERSIONS[date]
        if other.kind == spec.kind and other is not spec and name in getattr(other, field):
            return other
    return None


def describe_first_with(spec, field, name):
    """'heat_template_version 2016-10-14 or later' or None, for messages."""
    other = first_with(spec, field, name)
    if other is None:
        return None
    if other.kind == layouts.HOT:
        return f'{other.key} {other.date} or later'
    return f'{other.key} {other.date}'
