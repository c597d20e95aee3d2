"""The CPU loop that tells a busy machine from a quiet one."""
from heat_conv.bench import calibration


def test_the_loop_is_timed_on_the_clock_and_on_the_cpu():
    sample = calibration.sample()
    assert sample['cpu_s'] > 0 and sample['wall_s'] > 0
    assert sample['load_1m'] >= 0


def test_contention_is_the_worst_wall_to_cpu_ratio():
    assert calibration.contention([{'wall_s': 0.03, 'cpu_s': 0.03},
                                   {'wall_s': 0.09, 'cpu_s': 0.03}]) == 3.0
    assert calibration.contention([None, {'wall_s': 0.1, 'cpu_s': 0.0}]) is None


def test_busy_names_the_worst_record_beyond_the_threshold():
    quiet = {'contention': 1.05, 'load_1m': 0.4}
    assert calibration.busy([quiet, {}]) is None
    worst = calibration.busy([quiet, {'contention': 1.6, 'load_1m': 5.0},
                              {'contention': 2.4, 'load_1m': 7.5}])
    assert worst == (2.4, 7.5)
    assert calibration.describe(worst) == (
        'not judged: machine busy (load 7.5, a CPU loop took 2.40 x its CPU time)')
