"""What must hold after any fault, judged from the cloud's own records.

The simulated cloud logs every change an engine asked of it, with the
resource row and lock version the engine said it acted for ([cloud]
log_calls): that log, not any engine's, is the evidence here.
"""
import collections
import dataclasses


@dataclasses.dataclass
class Tally:
    """What one fault's checks looked at."""
    stacks: int = 0
    objects: int = 0      # cloud objects compared with their templates
    calls: int = 0        # logged cloud calls examined
    duplicates: list = dataclasses.field(default_factory=list)
    stale: list = dataclasses.field(default_factory=list)

    def add(self, other):
        self.stacks += other.stacks
        self.objects += other.objects
        self.calls += other.calls
        self.duplicates += other.duplicates
        self.stale += other.stale


def duplicates(calls):
    """Cloud actions performed twice for one row: two creates of one row
    ever, or two updates or two deletes of one row in one traversal."""
    seen = collections.defaultdict(list)
    for call in calls:
        if not call['acted'] or 'resource_id' not in call['caller']:
            continue
        caller = call['caller']
        key = (call['call'], caller['resource_id'])
        if call['call'] != 'create':
            key += (caller.get('traversal_id'),)
        seen[key].append(call['seq'])
    return [f'{key[0]} of row {key[1]} performed {len(seqs)} times (calls {seqs})'
            for key, seqs in seen.items() if len(seqs) > 1]


def stale(calls):
    """Calls made under a lock the row had already passed on: a call with
    version v after the cloud had seen a call for the same row with a
    version above v. The engine that lost the row must not act on it."""
    newest = {}
    found = []
    for call in calls:
        caller = call['caller']
        if 'resource_id' not in caller or 'version' not in caller:
            continue
        row, version = caller['resource_id'], caller['version']
        if row in newest and version < newest[row][0]:
            found.append(f'{call["call"]} of row {row} from {caller.get("client")} under '
                         f'lock version {version}, after version {newest[row][0]} had '
                         f'acted (call {newest[row][1]})')
        if row not in newest or version > newest[row][0]:
            newest[row] = (version, call['seq'])
    return found


def exact_cloud(driver, stack_id, expected):
    """The stack's objects are exactly ``expected`` ({name: {prop: value}}):
    one ACTIVE object per resource, the template's values, each the one its
    row points at. Returns how many objects were compared."""
    driver.stack_id = stack_id
    objects = driver.objects_by_name()
    assert sorted(objects) == sorted(expected), \
        f'stack {stack_id}: cloud has {sorted(objects)}, template has {sorted(expected)}'
    rows = driver.resources()
    for name, props in expected.items():
        assert len(objects[name]) == 1, f'{name} has {len(objects[name])} cloud objects'
        (obj,) = objects[name]
        assert obj['status'] == 'ACTIVE', f'{name} is {obj["status"]}'
        for key, value in props.items():
            assert obj['properties'].get(key) == value, \
                f'{name}.{key} is {obj["properties"].get(key)!r} (stale), expected {value!r}'
        assert rows[name].physical_resource_id == obj['id'], f'{name}: row and cloud differ'
    assert sorted(rows) == sorted(expected)
    return len(expected)


def judge_calls(cloud, after=0):
    """Duplicate and stale actions in the call log past ``after``; a Tally."""
    calls = cloud.list_calls(after)
    tally = Tally(calls=len(calls))
    tally.duplicates = duplicates(calls)
    tally.stale = stale(calls)
    return tally, calls
