"""What one heat-conv-bench invocation runs: a plan of items.

An item is one workload at one action wait, with its phases and number of
repetitions, on one topology. The flags (``--topology``, ``--workload``,
``--wait``, ``--phases``, ``--repeat``) make the plan of every combination
of them; ``--targets`` makes the plan that measures every target of
issue 11, which needs its own waits and repetitions per workload.
"""
import dataclasses
import json

from heat_conv.bench import workloads
from heat_conv.common import limits

LIFECYCLE = ('create', 'update', 'delete')

# The limits a big benchmark stack runs into, at their defaults (Heat's
# names and values: 1000 resources, 512 KiB template, 1 MiB body).
HEAT_LIMITS = {opt.name: opt.default for opt in limits.limit_opts
               if opt.name in ('max_resources_per_stack', 'max_template_size',
                               'max_json_body_size')}


@dataclasses.dataclass(frozen=True)
class Item:
    topology: str          # embedded, distributed or external
    workload: workloads.Workload
    wait: float            # action_wait_secs of every action
    phases: tuple
    repetitions: int

    @property
    def phase_count(self):
        return len(self.phases) * self.repetitions


@dataclasses.dataclass(frozen=True)
class TargetSizes:
    """The stacks a targets plan runs; QUICK shrinks FULL to a smoke test."""

    name: str
    chain: str             # the three 100-resource workloads
    layered: str
    independent: str
    thousand: str          # the 1,000-resource layered stack
    ten_thousand: str      # ten times as many resources, as many layers
    slow_actions: str      # independent resources whose actions wait
    action_wait: float     # ... this long
    supersede_wait: float  # action wait of the supersede phases
    repetitions: int       # of each 100-resource workload
    few: int               # of the other stacks whose median is judged

    def small(self):
        return (self.chain, self.layered, self.independent)


FULL = TargetSizes('full', 'chain:100', 'layered:10x10', 'independent:100',
                   'layered:10x100', 'layered:10x1000', 'independent:1000',
                   action_wait=2.0, supersede_wait=0.0, repetitions=20, few=3)
# Small enough for CI; a supersede phase needs actions that wait, or the
# create is over before the superseding update can be sent.
QUICK = TargetSizes('quick', 'chain:4', 'layered:2x2', 'independent:4',
                    'layered:2x4', 'layered:2x40', 'independent:8',
                    action_wait=0.3, supersede_wait=0.3, repetitions=2, few=1)


@dataclasses.dataclass
class Plan:
    items: list
    config: list = dataclasses.field(default_factory=list)   # SECTION.KEY=VALUE
    notes: list = dataclasses.field(default_factory=list)    # for the report
    sizes: TargetSizes = None   # set when the plan measures the targets

    def topologies(self):
        return list(dict.fromkeys(item.topology for item in self.items))

    def rounds(self, topology):
        """(repetition, item) of one topology in the order they run: every
        item's first repetition, then every second one, and so on, so a
        slow spell of the machine spreads over all workloads."""
        items = [item for item in self.items if item.topology == topology]
        for rep in range(max(item.repetitions for item in items)):
            for item in items:
                if rep < item.repetitions:
                    yield rep, item

    @property
    def phase_count(self):
        return sum(item.phase_count for item in self.items)


def from_flags(topologies, specs, waits, phases, repeat):
    """Every topology x workload x wait, each with all ``phases``; a
    topology the benchmark starts takes its biggest workload."""
    items = [Item(topology, workload, wait, tuple(phases), repeat)
             for topology in topologies for workload in specs for wait in waits]
    config, notes = raised_limits(items) if items else ([], [])
    return Plan(items, config, notes)


def targets(sizes=FULL):
    """The plan that measures every target, at ``sizes``."""
    def item(topology, spec, phases, repetitions, wait=0.0):
        return Item(topology, workloads.parse(spec), wait, tuple(phases), repetitions)

    items = []
    for topology in ('distributed', 'embedded'):
        # The three 100-resource workloads are the time targets, the
        # embedded-vs-distributed comparison and the pathological-run check.
        items += [item(topology, spec, LIFECYCLE, sizes.repetitions)
                  for spec in sizes.small()]
        items.append(item(topology, sizes.thousand, LIFECYCLE, sizes.few))
    items += [
        item('distributed', sizes.layered, ['supersede'], sizes.few,
             sizes.supersede_wait),
        item('distributed', sizes.thousand, ['supersede'], sizes.few,
             sizes.supersede_wait),
        item('distributed', sizes.ten_thousand, ['create'], 1),
        item('distributed', sizes.slow_actions, ['create'], sizes.few,
             sizes.action_wait),
    ]
    config, notes = raised_limits(items)
    return Plan(items, config, notes, sizes)


def raised_limits(items):
    """--config raising the limits the plan's largest stack would exceed,
    and a sentence for the report saying so."""
    largest = max(items, key=lambda item: item.workload.size)
    body = len(json.dumps({'template': largest.workload.template(
        'v0', 'r0', largest.wait)}))
    # Room for the request's other fields and the template as it is stored,
    # in whole steps of Heat's template limit.
    step = HEAT_LIMITS['max_template_size']
    room = -(-2 * body // step) * step
    needed = {'max_resources_per_stack': largest.workload.size,
              'max_template_size': room, 'max_json_body_size': room}
    raised = {key: value for key, value in needed.items()
              if value > HEAT_LIMITS[key]}
    if not raised:
        return [], [f'The largest stack, {largest.workload.label}, fits in Heat\'s '
                    'default limits']
    config = [f'{key}={value}' for key, value in raised.items()]
    note = (f'{largest.workload.label} has {largest.workload.size} resources and a '
            f'{body / 1e6:.1f} MB template, over Heat\'s default limits: the '
            'started topologies run with ' + ', '.join(
                f'{key} = {value}' for key, value in raised.items())
            + ' (--config ' + ' --config '.join(config) + ')')
    return config, [note]
