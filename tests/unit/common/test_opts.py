"""Every option is documented, and the checked-in sample is current."""
import configparser
import importlib.metadata
import os
import re
import subprocess
import sys

import pytest

from heat_conv.common import opts

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SAMPLE = os.path.join(ROOT, 'etc', 'heat_conv', 'heat_conv.conf.sample')
GENERATOR_CONF = os.path.join(ROOT, 'etc', 'heat_conv',
                              'heat_conv-config-generator.conf')
REGENERATE = ('run "tox -e genconfig" or oslo-config-generator --config-file '
              'etc/heat_conv/heat_conv-config-generator.conf')


def test_every_option_has_help_text():
    for group, options in opts.list_opts():
        for opt in options:
            assert opt.help and len(opt.help) > 10, f'[{group}] {opt.name} lacks help'


def test_option_names_unique_per_group():
    for group, options in opts.list_opts():
        names = [o.name for o in options]
        assert len(names) == len(set(names)), f'duplicate option in [{group}]'


def _missing_namespaces():
    with open(GENERATOR_CONF) as f:
        # The generator's config repeats "namespace = ..." lines.
        wanted = re.findall(r'^namespace\s*=\s*(\S+)', f.read(), re.MULTILINE)
    available = {ep.name for ep in importlib.metadata.entry_points(group='oslo.config.opts')}
    assert 'heat_conv' in wanted
    return [ns for ns in wanted if ns not in available]


def test_every_namespace_of_the_generator_config_is_installed():
    # oslo-config-generator skips a namespace it cannot find without a word,
    # which would quietly drop e.g. [keystone_authtoken] from the sample.
    missing = _missing_namespaces()
    assert not missing, (
        f'namespaces {missing} of {GENERATOR_CONF} are not installed; the "test" '
        'extra provides them (pip install -e ".[test]")')


def _blocks(text):
    """{(group, namespace): [option names]} of a generated sample, plus the
    text of heat-conv's own blocks."""
    options, own_text = {}, {}
    group = namespace = None
    for line in text.splitlines():
        if m := re.fullmatch(r'\[(\S+)\]', line):
            group, namespace = m.group(1), None
        elif m := re.fullmatch(r'# From (\S+)', line):
            namespace = m.group(1)
            options[group, namespace] = []
        elif namespace and (m := re.match(r'#(\w+) = ', line)):
            options[group, namespace].append(m.group(1))
        if namespace == 'heat_conv':
            own_text.setdefault(group, []).append(line)
    return options, own_text


def test_sample_config_is_current(tmp_path):
    if _missing_namespaces():
        pytest.fail('the sample cannot be generated here: namespaces are missing '
                    '(see test_every_namespace_of_the_generator_config_is_installed)',
                    pytrace=False)
    out = tmp_path / 'sample.conf'
    subprocess.run([sys.executable, '-m', 'oslo_config.generator',
                    '--config-file', GENERATOR_CONF, '--output-file', str(out)],
                   check=True, cwd=ROOT, capture_output=True)
    with open(SAMPLE) as f:
        checked_in = f.read()
    generated = out.read_text()
    if generated == checked_in:
        return
    gen_options, gen_own = _blocks(generated)
    old_options, old_own = _blocks(checked_in)
    # heat-conv's own options must match to the letter. The libraries' help
    # texts change between releases; the sample is stale for them only when
    # options come or go.
    assert gen_own == old_own, f'heat-conv options changed; the sample is stale: {REGENERATE}'
    assert gen_options == old_options, (
        'the installed libraries have other options than the sample lists: ' + REGENERATE)


def test_sample_has_what_an_operator_configures():
    parser = configparser.ConfigParser(interpolation=None)
    with open(SAMPLE) as f:
        # Every option in a sample is commented out: uncomment to read them.
        parser.read_string(re.sub(r'^#(\w+ = )', r'\1', f.read(), flags=re.MULTILINE))
    assert parser['DEFAULT']['transport_url'] == 'inproc://'
    assert parser['DEFAULT']['executor_thread_pool_size'] == '16'
    assert parser['DEFAULT']['control_exchange'] == 'heat_conv'
    assert parser['database']['connection'] == 'sqlite:///$state_path/heat_conv.sqlite'
    for option in ('debug', 'log_file', 'log_dir', 'use_journal'):
        assert option in parser['DEFAULT'], option
    for option in ('max_pool_size', 'max_overflow', 'connection_recycle_time'):
        assert option in parser['database'], option
    for option in ('www_authenticate_uri', 'auth_type', 'memcached_servers'):
        assert option in parser['keystone_authtoken'], option
    assert 'ssl' in parser['oslo_messaging_rabbit']
    assert 'detailed' in parser['healthcheck']
    assert 'policy_file' in parser['oslo_policy']


def test_service_down_time_is_read_as_stall_timeout(tmp_path):
    """Configurations written for the release that had it keep working."""
    from oslo_config import cfg

    from heat_conv.engine.recovery import reaper
    conf = cfg.ConfigOpts()
    conf.register_opts(reaper.reaper_opts, group='engine')
    path = tmp_path / 'old.conf'
    path.write_text('[engine]\nservice_down_time = 45\n')
    conf([], default_config_files=[str(path)])
    assert conf.engine.stall_timeout == 45
