"""Swift's REST API as the Swift types use it, through openstacksdk's
``object_store`` proxy (a keystoneauth adapter on the catalog's
object-store endpoint).

The types speak in Swift's headers (``X-Container-Meta-*``, ACLs,
``X-Versions-Location``), as Heat's templates do, so the calls here send
headers as given rather than through the SDK's attribute names.
"""
import hashlib
import secrets
from urllib import parse

from openstack import exceptions as sdk_exc

from heat_conv.clients import retry

# What Heat's signal handle writes first, and ignores when it reads.
IN_PROGRESS = 'in progress'
# Heat's temp URLs last until the end of 32-bit time, less a minute.
MAX_EPOCH = 2147483647
TEMP_URL_KEY = 'x-account-meta-temp-url-key'


def _path(*parts):
    return '/'.join(parse.quote(str(part), safe='') for part in parts)


def call(cloud, method, *parts, headers=None, data=None, params=None):
    """One request to the account (no ``parts``), a container or an object;
    the response, or the SDK's exception for an error status."""
    def send():
        response = cloud.object_store.request(
            _path(*parts) if parts else '', method, headers=headers or {},
            data=data, params=params)
        sdk_exc.raise_from_response(response)
        return response
    return retry.call(send)


def account_url(cloud):
    """The object-store endpoint of the connection's project."""
    return cloud.object_store.get_endpoint().rstrip('/')


def headers_of(response):
    """A response's headers as swiftclient hands them to Heat: lower case."""
    return {key.lower(): value for key, value in response.headers.items()}


def head_container(cloud, container):
    """The container's headers, or None when it is gone."""
    try:
        return headers_of(call(cloud, 'HEAD', container))
    except sdk_exc.NotFoundException:
        return None


def object_names(cloud, container):
    """Every object's name in the container, or None when it is gone."""
    names, marker = [], ''
    while True:
        try:
            page = call(cloud, 'GET', container,
                        params={'format': 'json', 'marker': marker}).json()
        except sdk_exc.NotFoundException:
            return None
        if not page:
            return names
        names += [entry['name'] for entry in page]
        marker = names[-1]


def read_object(cloud, container, name):
    """The object's body as text, or None when it is gone."""
    try:
        return call(cloud, 'GET', container, name).content.decode('utf-8', 'replace')
    except sdk_exc.NotFoundException:
        return None


def delete(cloud, *parts):
    """Delete a container or an object; False if it was already gone."""
    try:
        call(cloud, 'DELETE', *parts)
    except sdk_exc.NotFoundException:
        return False
    return True


def temp_url_key(cloud):
    """The account's temp URL key, set first (at random) if it has none."""
    key = headers_of(call(cloud, 'HEAD')).get(TEMP_URL_KEY)
    if not key:
        key = hashlib.sha224(secrets.token_bytes(32)).hexdigest()[:32]
        call(cloud, 'POST', headers={TEMP_URL_KEY: key})
        # Another writer may have set one at the same time: use what stuck.
        key = headers_of(call(cloud, 'HEAD')).get(TEMP_URL_KEY) or key
    return key


def temp_url(cloud, container, name, method='PUT'):
    """A temp URL of the object for ``method``, valid until 2038."""
    url = parse.urlparse(account_url(cloud))
    # Swift signs the path as it decodes it; the names heat-conv makes
    # (a stack id, a physical name) need no quoting.
    path = f'{url.path}/{container}/{name}'
    signed = cloud.object_store.generate_temp_url(
        path, MAX_EPOCH - 60, method, absolute=True,
        temp_url_key=temp_url_key(cloud))
    if isinstance(signed, bytes):
        signed = signed.decode()
    return f'{url.scheme}://{url.netloc}{signed}'


def temp_url_target(url):
    """(container, object) a temp URL of this project's account names;
    ValueError for another URL."""
    parts = parse.urlparse(url).path.split('/', 4)
    if len(parts) != 5 or parts[0] or parts[1] != 'v1' or not parts[3] \
            or not parts[4].strip('/'):
        raise ValueError(f'{url} is not a Swift temp URL of an object')
    return parse.unquote(parts[3]), parse.unquote(parts[4])
