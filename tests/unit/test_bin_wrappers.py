"""The bin/ wrappers run the same entry points as the console scripts."""
import configparser
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_manage_wrapper_migrates_a_database(tmp_path):
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n')
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, 'bin', 'heat-conv-manage'), 'db', 'sync',
         '--', '--config-file', str(conf)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert 'database schema at revision' in result.stdout
    assert (tmp_path / 'heat_conv.sqlite').exists()


def test_every_console_script_has_a_wrapper():
    parser = configparser.ConfigParser()
    parser.read(os.path.join(ROOT, 'setup.cfg'))
    entries = parser['options.entry_points']['console_scripts'].strip().splitlines()
    scripts = [line.split('=')[0].strip() for line in entries]
    assert 'heat-conv-all' in scripts
    for script in scripts:
        assert os.access(os.path.join(ROOT, 'bin', script), os.X_OK), script
