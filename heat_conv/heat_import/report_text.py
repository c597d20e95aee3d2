"""The import's report as an operator reads it: one line per stack tree
(what became of it, its size), the reasons for each tree left to Heat,
and a summary line with the time and statements it took."""
from heat_conv.heat_import import importer


def lines(report):
    out = []
    for o in report.outcomes:
        size = f'{o.stacks} stack(s)'
        if o.resources:
            size += f', {o.resources} resource(s)'
        out.append(f'{o.state}: {o.name} ({o.root_id}, project {o.tenant}; {size})')
        out.extend(f'    - {reason}' for reason in o.reasons)
    done = importer.WOULD_IMPORT if report.dry_run else importer.IMPORTED
    summary = (f'{report.count(done)} {done}, {report.count(importer.ALREADY)} already '
               f'imported, {report.count(importer.REFUSED)} left to Heat')
    if report.dry_run:
        summary += ' (dry run: nothing was written)'
    out.append(f'{summary}; {report.seconds:.2f} s, {report.heat_statements} statements '
               f'on Heat\'s database, {report.statements} on heat-conv\'s')
    return out
