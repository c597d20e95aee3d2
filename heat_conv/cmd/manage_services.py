"""heat-conv-manage service list|clean: the engine and observer processes
registered by their heartbeats, and forgetting the dead ones (Heat's
``heat-manage service list|clean``).

A one-shot command cannot watch a heartbeat move, as the processes judge
each other (common.liveness); it judges each row once, on the database's
clock, which the heartbeats are written with.
"""
from heat_conv.common import liveness
from heat_conv.common import timeutils

COLUMNS = ('Id', 'Binary', 'Host', 'Topic', 'RPC version', 'Status', 'Updated At')


def _rows(db_api):
    db_api.measure_clock()
    now = timeutils.utcnow()
    return [(row, liveness.state(row, now)) for row in db_api.service_list()]


def service_list(db_api):
    table = [COLUMNS] + [
        (row.id, row.binary, row.host, row.topic or '', row.rpc_version or '',
         state, timeutils.isotime(row.updated_at or row.created_at))
        for row, state in _rows(db_api)]
    widths = [max(len(str(line[i])) for line in table) for i in range(len(COLUMNS))]
    for line in table:
        print('  '.join(str(cell).ljust(width) for cell, width in zip(line, widths))
              .rstrip())
    return 0


def service_clean(db_api):
    """Forget every process that is down or stopped; one whose resource
    locks the reaper has not released yet is kept (a live engine's reaper
    releases them within a pass or two: run it again)."""
    cleaned = kept = 0
    for row, state in _rows(db_api):
        if state == liveness.UP:
            continue
        if db_api.service_forget(row.id):
            cleaned += 1
            print(f'removed {row.binary} {row.id} on {row.host} ({state})')
        else:
            kept += 1
            print(f'kept {row.binary} {row.id} on {row.host}: it still holds resource '
                  'locks the reaper of a live engine has not released yet')
    print(f'{cleaned} dead service(s) removed' + (f', {kept} kept' if kept else ''))
    return 0
