"""Horizon's local_settings.py for the mini-cloud, and the WSGI shim that
serves it with its static files (collected and compressed offline at
install, so the server needs no Node.js and no compile on a request)."""


def local_settings(home, keystone_url):
    return f'''# Written by tools/horizon; rewritten by every `tools/horizon start`.
from horizon.utils import secret_key

DEBUG = False
ALLOWED_HOSTS = ['127.0.0.1', 'localhost']
SECRET_KEY = secret_key.generate_or_read_from_file({str(home / 'secret_key')!r})
OPENSTACK_KEYSTONE_URL = {keystone_url + '/v3'!r}
OPENSTACK_KEYSTONE_DEFAULT_DOMAIN = 'Default'
OPENSTACK_KEYSTONE_DEFAULT_ROLE = 'member'
OPENSTACK_ENDPOINT_TYPE = 'publicURL'
# One gunicorn worker: sessions in its memory are enough.
CACHES = {{'default': {{'BACKEND': 'django.core.cache.backends.locmem.LocMemCache'}}}}
TIME_ZONE = 'UTC'
STATIC_ROOT = {str(home / 'static')!r}
COMPRESS_OFFLINE = True
LOGGING = {{
    'version': 1, 'disable_existing_loggers': False,
    'formatters': {{'plain': {{'format': '%(asctime)s %(levelname)s %(name)s %(message)s'}}}},
    'handlers': {{'console': {{'class': 'logging.StreamHandler', 'formatter': 'plain'}}}},
    'root': {{'handlers': ['console'], 'level': 'INFO'}},
}}
'''


def wsgi_shim(static_root):
    return f'''# Written by tools/horizon: Horizon, with its static files served by WhiteNoise.
import os

os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'openstack_dashboard.settings')

from django.core.wsgi import get_wsgi_application  # noqa: E402
from whitenoise import WhiteNoise  # noqa: E402

application = WhiteNoise(get_wsgi_application(), root={static_root!r}, prefix='static/')
'''
