"""The checks of heat-conv-bench's modes: a flag a mode cannot honour is
refused before anything starts, never ignored."""
from heat_conv.bench import headline


def check_targets(p, args):
    """The targets plan fixes topologies, workloads, waits, phases and
    repetitions; a flag that would change them is refused."""
    given = [flag for flag, value in (
        ('--endpoint', args.endpoint), ('--topology', args.topology),
        ('--workload', args.workload), ('--wait', args.wait),
        ('--phases', args.phases), ('--repeat', args.repeat),
        ('--transport-latency', args.transport_latency)) if value]
    if given:
        p.error(f'--targets runs its own plan on the topologies it starts; drop '
                f'{", ".join(given)}')


def check_doc(p, args):
    """A document that cannot take the table is refused before the run."""
    if args.rest or args.many or args.targets or args.targets_quick \
            or args.transport_latency:
        p.error('--doc writes the table of a run of workloads: drop --rest, --many, '
                '--targets, --targets-quick or --transport-latency')
    try:
        headline.check(args.doc)
    except (OSError, headline.MarkersMissing) as exc:
        p.error(f'--doc: {exc}')


def check_rest(p, args):
    from heat_conv.bench import rest
    args.rest = _distributed_mode(p, args, '--rest', rest.Spec.parse, args.rest)


def check_many(p, args):
    from heat_conv.bench import many
    args.many = _distributed_mode(p, args, '--many', many.Spec.parse, args.many)


def _distributed_mode(p, args, mode, parse, text):
    """A mode that starts its own distributed topology on MariaDB and runs
    its own workload: the parsed ``text``."""
    given = [flag for flag, value in (
        ('--endpoint', args.endpoint), ('--workload', args.workload),
        ('--wait', args.wait), ('--phases', args.phases), ('--repeat', args.repeat),
        ('--transport-latency', args.transport_latency), ('--os-cloud', args.os_cloud),
        ('--database postgresql', args.database == 'postgresql')) if value]
    if args.topology not in (None, 'distributed'):
        given.append('--topology ' + args.topology)
    if given:
        p.error(f'{mode} runs the distributed topology on MariaDB; drop {", ".join(given)}')
    try:
        return parse(text)
    except ValueError as exc:
        p.error(str(exc))
