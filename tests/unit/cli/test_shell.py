"""The no-auth ``heat-conv`` shell with a real cloud's credentials in the
environment (issue 26 item 12)."""
import pytest

from heat_conv_client import shell

OPENRC = {'OS_AUTH_URL': 'http://127.0.0.1:5000/v3', 'OS_PROJECT_NAME': 'demo',
          'OS_USERNAME': 'demo', 'OS_PASSWORD': 'secret', 'OS_USER_DOMAIN_NAME': 'Default',
          'OS_PROJECT_DOMAIN_NAME': 'Default', 'OS_IDENTITY_API_VERSION': '3',
          'OS_REGION_NAME': 'RegionOne', 'OS_INTERFACE': 'public'}


@pytest.fixture
def openrc(monkeypatch):
    for key, value in OPENRC.items():
        monkeypatch.setenv(key, value)


def test_a_sourced_openrc_is_ignored_without_a_cloud(openrc, capsys):
    # Nothing listens on port 9: the command gets as far as the request.
    status = shell.run(['--endpoint', 'http://127.0.0.1:9/v1/admin', 'stack', 'list'])
    err = capsys.readouterr().err
    assert status != 0
    assert 'unexpected keyword argument' not in err
    assert '127.0.0.1:9' in err, err
