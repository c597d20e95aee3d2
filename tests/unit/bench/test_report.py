"""Flags, summaries and tables of benchmark results."""
from heat_conv.bench import report


def _phase(wall, rep, phase='create', **extra):
    return dict({'type': 'phase', 'topology': 'embedded', 'workload': 'chain',
                 'label': 'chain-100', 'size': 100, 'wait_s': 0.0, 'phase': phase,
                 'rep': rep, 'status': 'COMPLETE', 'wall_s': wall, 'overhead_s': wall,
                 'ms_per_resource': wall * 10, 'overhead_ms_per_resource': wall * 10,
                 'processes': {'all': {'cpu_s': 1.0, 'peak_rss_mb': 100.0}}}, **extra)


def test_a_phase_over_three_times_the_median_is_flagged():
    records = [_phase(1.0, 0), _phase(1.1, 1), _phase(0.9, 2), _phase(3.5, 3),
               _phase(2.0, 0, phase='delete')]
    flagged = report.flag_slow(records)
    assert [(r['rep'], r['phase'], r['median_s']) for r in flagged] == \
        [(3, 'create', 1.05)]


def test_a_single_run_is_never_flagged():
    assert report.flag_slow([_phase(100.0, 0)]) == []


def test_summary_rows_are_medians_and_the_table_shows_them():
    rows = report.summarize([_phase(1.0, 0, statements_per_resource=10.0),
                             _phase(3.0, 1, statements_per_resource=14.0),
                             _phase(2.0, 2, statements_per_resource=12.0)])
    (row,) = rows
    assert (row['wall_s'], row['max_s'], row['statements_per_resource']) == \
        (2.0, 3.0, 12.0)
    table = report.markdown(rows)
    assert '| embedded | chain-100 | 0 | create | 3/3 | 2.00 | 3.00 |' in table


def test_unsupported_workloads_are_reported_with_their_reason():
    rows = report.summarize([{'type': 'phase', 'topology': 'embedded',
                              'workload': 'group', 'label': 'group-10', 'size': 10,
                              'wait_s': 0.0, 'phase': 'create', 'rep': 0,
                              'status': 'UNSUPPORTED',
                              'reason': 'the endpoint does not accept X'}])
    assert 'UNSUPPORTED: the endpoint does not accept X' in report.markdown(rows)


def test_the_plot_is_a_png(tmp_path):
    rows = report.summarize([_phase(1.0, 0), _phase(2.0, 0, phase='update')])
    path = report.plot(rows, str(tmp_path / 'plot.png'))
    with open(path, 'rb') as f:
        assert f.read(8) == b'\x89PNG\r\n\x1a\n'


def _panels(rows):
    fig = report.figure(report.summarize(rows))
    return [(ax.get_title(), ax.get_xlim()[0], ax.get_ylim()[0]) for ax in fig.axes]


def test_without_an_action_wait_each_phase_has_one_panel_from_zero():
    panels = _panels([_phase(1.0, 0), _phase(2.0, 0, phase='update'),
                      _phase(5.0, 0, size=1000, label='chain-1000')])
    assert panels == [('create: wall time per resource (ms)', 0, 0),
                      ('update: wall time per resource (ms)', 0, 0)]


def test_with_an_action_wait_the_overhead_panels_are_drawn_too():
    waited = _phase(3.0, 0, wait_s=1.0, overhead_s=2.0, overhead_ms_per_resource=20.0)
    titles = [title for title, _, _ in _panels([_phase(1.0, 0), waited])]
    assert titles == ['create: wall time per resource (ms)',
                      'create: overhead per resource (ms)']


def test_the_cpu_of_a_process_named_by_pid_is_in_the_table():
    runs = [_phase(1.0, rep, processes={'mine': {'cpu_s': cpu, 'peak_rss_mb': 90.0}})
            for rep, cpu in enumerate((0.5, 0.75, 0.6))]
    rows = report.summarize(runs)
    assert '| mine 0.60 |' in report.markdown(rows)


def test_the_legend_fits_in_the_figure_and_below_the_panels():
    # Long names (a service behind Keystone against Heat 27), one panel wide.
    rows = [_phase(1.0, 0, topology=topology, workload=workload, label=f'{workload}-3',
                   size=3)
            for topology in ('heat-conv-keystone-2e', 'heat27')
            for workload in ('chain', 'independent', 'layered')]
    fig = report.figure(report.summarize(rows))
    fig.canvas.draw()
    (legend,) = fig.legends
    box, frame = legend.get_window_extent(), fig.bbox
    assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0
    assert all(box.y1 <= ax.get_tightbbox().y0 for ax in fig.axes)
