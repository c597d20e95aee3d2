"""Was the machine busy while a figure was measured?

A fixed CPU loop, timed before and after each phase: on a machine with a
core to spare it takes as long on the clock as on the CPU; when other
processes want the cores too, the scheduler shares them out and the loop
waits, so its wall time grows past its CPU time. That ratio (the
contention) needs no baseline from another run or another machine, and
it is what a target's time suffers from; the load average is recorded
beside it, as the figure a reader knows.
"""
import os
import time

# The loop's size: some 20 to 40 ms of CPU on this machine kind, short
# enough to run around every phase, long enough for the scheduler's
# slices (a few ms) to show.
LOOP = 300_000
# Contention above which a time is not judged: the loop waited for a core
# a third as long as it ran.
BUSY_CONTENTION = 1.33


def spin(loop=LOOP):
    """(wall seconds, CPU seconds) of the fixed loop."""
    wall, cpu = time.perf_counter(), time.process_time()
    total = 0
    for i in range(loop):
        total += i * i % 7
    return time.perf_counter() - wall, time.process_time() - cpu


def sample():
    """The loop timed now, and the load average: a record's fields."""
    wall, cpu = spin()
    return {'wall_s': round(wall, 4), 'cpu_s': round(cpu, 4),
            'load_1m': round(os.getloadavg()[0], 2)}


def contention(samples):
    """The worst wall / CPU ratio of the samples (1.0: the loop never waited)."""
    ratios = [s['wall_s'] / s['cpu_s'] for s in samples if s and s.get('cpu_s')]
    return round(max(ratios), 2) if ratios else None


def busy(records):
    """The records measured on a busy machine: (contention, load) of the
    worst, or None if none was."""
    worst = None
    for r in records:
        level = r.get('contention')
        if level is not None and level > BUSY_CONTENTION and (
                worst is None or level > worst[0]):
            worst = (level, r.get('load_1m'))
    return worst


def describe(worst):
    level, load = worst
    shown = f'load {load:.1f}, ' if load is not None else ''
    return f'not judged: machine busy ({shown}a CPU loop took {level:.2f} x its CPU time)'
