"""heat-conv-all and heat-conv-api with a port already taken: one line that
names the port and the option that moves it, and nothing started (issue
26 item 12)."""
import socket
import subprocess

import pytest

from tests.functional.all_in_one import console_script
from tests.functional.all_in_one import free_port


@pytest.fixture
def taken_port():
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        sock.listen()
        yield sock.getsockname()[1]


@pytest.mark.parametrize('script, option, section', [
    ('heat-conv-all', 'bind_port', 'api'),
    ('heat-conv-all', 'bind_port', 'cloud'),
    ('heat-conv-api', 'bind_port', 'api'),
])
def test_a_port_in_use_is_one_clear_line_and_nothing_starts(tmp_path, taken_port, script,
                                                            option, section):
    ports = {'api': free_port(), 'cloud': free_port(), section: taken_port}
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n'
                    f'[api]\nbind_port = {ports["api"]}\n'
                    f'[cloud]\nbind_port = {ports["cloud"]}\n')
    done = subprocess.run([console_script(script), '--config-file', str(conf)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert str(taken_port) in lines[0]
    assert f'[{section}] {option}' in lines[0]
    assert 'Traceback' not in done.stderr + done.stdout
    # Nothing started: not even the database was made.
    assert not list(tmp_path.glob('*.sqlite*'))
