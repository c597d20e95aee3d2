"""The skip list: which of Heat's functional tests are not run, and why.

A line is ``ENTRY  REASON``; ENTRY is a test class name or
``Class.test_method``, exactly what heat_integrationtests'
``[heat_plugin] skip_functional_test_list`` matches. A reason that starts
with ``[endpoint]`` applies only when running against an external endpoint.
"""
import dataclasses
import re

ENDPOINT_ONLY = '[endpoint]'
_ENTRY = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$')


class SkipListError(ValueError):
    pass


@dataclasses.dataclass(frozen=True)
class Skip:
    entry: str
    reason: str
    endpoint_only: bool = False


def parse(text, source='<skip list>'):
    """The skips in ``text``; a malformed line is an error naming its line."""
    skips = []
    seen = set()
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        entry, _, reason = line.partition(' ')
        reason = reason.strip()
        where = f'{source}:{number}'
        if not _ENTRY.match(entry):
            raise SkipListError(f'{where}: {entry!r} is not a class name or Class.test_method')
        endpoint_only = reason.startswith(ENDPOINT_ONLY)
        if endpoint_only:
            reason = reason[len(ENDPOINT_ONLY):].strip()
        if not reason:
            raise SkipListError(f'{where}: {entry} has no reason')
        if entry in seen:
            raise SkipListError(f'{where}: {entry} is listed twice')
        seen.add(entry)
        skips.append(Skip(entry, reason, endpoint_only))
    return skips


def load(path):
    with open(path, encoding='utf-8') as f:
        return parse(f.read(), source=str(path))


def active(skips, external_endpoint):
    """The skips that apply to a run (embedded service or --endpoint)."""
    return [s for s in skips if external_endpoint or not s.endpoint_only]


def reason_for(test_id, skips):
    """The reason ``test_id`` is skipped by ``skips``, or None.

    Matches as the suite does: the class name, or Class.method, where a
    scenario's ``(name)`` suffix is not part of the method.
    """
    path = test_id.split('(', 1)[0].split('.')
    if len(path) < 2:
        return None
    cls, method = path[-2], path[-1]
    for skip in skips:
        if skip.entry in (cls, f'{cls}.{method}'):
            return skip.reason
    return None
