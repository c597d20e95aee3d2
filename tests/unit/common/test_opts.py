"""Every option is documented, and the checked-in sample is current."""
import os
import subprocess
import sys

from heat_conv.common import opts

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SAMPLE = os.path.join(ROOT, 'etc', 'heat_conv', 'heat_conv.conf.sample')
GENERATOR_CONF = os.path.join(ROOT, 'etc', 'heat_conv',
                              'heat_conv-config-generator.conf')


def test_every_option_has_help_text():
    for group, options in opts.list_opts():
        for opt in options:
            assert opt.help and len(opt.help) > 10, f'[{group}] {opt.name} lacks help'


def test_option_names_unique_per_group():
    for group, options in opts.list_opts():
        names = [o.name for o in options]
        assert len(names) == len(set(names)), f'duplicate option in [{group}]'


def test_sample_config_is_current(tmp_path):
    out = tmp_path / 'sample.conf'
    subprocess.run([sys.executable, '-m', 'oslo_config.generator',
                    '--config-file', GENERATOR_CONF, '--output-file', str(out)],
                   check=True, cwd=ROOT)
    with open(SAMPLE) as f:
        checked_in = f.read()
    assert out.read_text() == checked_in, (
        'etc/heat_conv/heat_conv.conf.sample is stale: run "tox -e genconfig" or '
        'oslo-config-generator --config-file etc/heat_conv/heat_conv-config-generator.conf')
