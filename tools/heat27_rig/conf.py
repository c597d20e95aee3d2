"""heat.conf for OpenStack Heat 27 beside the mini-cloud.

Keystone is reached through the counting proxy (heat_conv.bench.callcount)
that ``start`` runs, so that every call Heat makes to the cloud's services
is counted as the services receive it: Heat finds the services in the
catalog of its tokens, and the proxy rewrites that catalog to itself.
"""
import os

API_PORT = int(os.environ.get('HEAT27_API_PORT', 8104))
PROXY_PORT = int(os.environ.get('HEAT27_PROXY_PORT', 8105))
ENGINE_WORKERS = 2


def _section(name, values):
    return f'[{name}]\n' + ''.join(f'{k} = {v}\n' for k, v in values.items())


def heat_conf(home, venv_etc, service, domain_admin, db_url, transport_url,
              keystone):
    """``service``: the service user's auth dict (username, password);
    ``domain_admin``: the rig's ``heat`` domain admin; ``keystone``: the
    Keystone Heat talks to (the proxy), without /v3."""
    password_auth = {'auth_type': 'password', 'auth_url': keystone,
                     'username': service['username'],
                     'password': service['password'],
                     'user_domain_name': 'Default'}
    sections = [
        ('DEFAULT', {
            'transport_url': transport_url,
            'deferred_auth_method': 'trusts',
            'num_engine_workers': ENGINE_WORKERS,
            'region_name_for_services': 'RegionOne',
            'stack_user_domain_name': 'heat',
            'stack_domain_admin': domain_admin['username'],
            'stack_domain_admin_password': domain_admin['password'],
            'heat_metadata_server_url': 'http://127.0.0.1:8000',
            'heat_waitcondition_server_url': 'http://127.0.0.1:8000/v1/waitcondition',
            'environment_dir': os.path.join(venv_etc, 'environment.d'),
            'template_dir': os.path.join(venv_etc, 'templates'),
            'log_dir': os.path.join(home, 'log'),
            'state_path': os.path.join(home, 'data'),
            'max_resources_per_stack': 1000,
            'max_nested_stack_depth': 5,
            # As on Heat's gate: its functional suite abandons and adopts.
            'enable_stack_abandon': True,
            'enable_stack_adopt': True}),
        ('database', {'connection': db_url}),
        ('paste_deploy', {'api_paste_config': os.path.join(venv_etc, 'api-paste.ini')}),
        ('oslo_messaging_rabbit', {'heartbeat_timeout_threshold': 0}),
        ('keystone_authtoken', dict(password_auth, www_authenticate_uri=keystone,
                                    project_name='service',
                                    project_domain_name='Default')),
        ('trustee', password_auth),
        ('clients_keystone', {'auth_uri': keystone}),
        ('ec2authtoken', {'auth_uri': keystone + '/v3'}),
        ('clients', {'endpoint_type': 'public'}),
        # The catalog's orchestration entry is heat-conv's: Heat's own URLs
        # (wait condition handles' endpoints) must name Heat itself.
        ('clients_heat', {'url': f'http://127.0.0.1:{API_PORT}/v1/%(tenant_id)s'}),
    ]
    return '\n'.join(_section(name, values) for name, values in sections)


def wsgi_shim(conf_path):
    """Heat parses sys.argv at import: under gunicorn it would read
    gunicorn's arguments, so the shim sets them first."""
    return ('import sys\n'
            f"sys.argv = ['heat-api', '--config-file', {conf_path!r}]\n"
            'from heat.wsgi.api import application  # noqa\n')
