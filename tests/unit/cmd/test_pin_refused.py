"""A process whose [upgrade_levels] engine this release cannot honour
refuses to start, in one line, instead of failing at its first cast."""
import subprocess
import sys

import pytest

from heat_conv import cmd
from heat_conv.engine.core import rpc_versions  # noqa: F401 (its options)


@pytest.mark.parametrize('value', [None, '1.8', '0.1', 'auto'])
def test_a_pin_this_release_can_send_starts(pin, value):
    pin(value)
    assert cmd.pin_refused('heat-conv-engine') is None


def test_an_engine_with_a_pin_below_what_it_speaks_exits_in_one_line(tmp_path):
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n[upgrade_levels]\nengine = 1.2\n')
    result = subprocess.run([sys.executable, '-m', 'heat_conv.cmd.engine',
                             '--config-file', str(conf)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        'heat-conv-engine: [upgrade_levels] engine = 1.2: this release talks to engines '
        'of RPC 1.7 or later; upgrade from a release that speaks 1.7 first')
