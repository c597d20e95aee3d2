"""The health gate's Swift step, as the demo user: a container, an object
written through a temp URL (what Heat's SwiftSignalHandle hands out and
its nested templates are fetched from), read back, then all deleted."""
import urllib.parse
import urllib.request


def _temp_url(conn, container, obj, method):
    store = conn.object_store
    if not store.get_temp_url_key():
        store.set_account_temp_url_key('minicloud-health')
    endpoint = store.get_endpoint().rstrip('/')
    path = urllib.parse.urlparse(endpoint).path + f'/{container}/{obj}'
    signed = store.generate_temp_url(path, 300, method)
    return endpoint[:-len(urllib.parse.urlparse(endpoint).path)] + signed


def exercise(conn, name):
    store = conn.object_store
    store.create_container(name=name)
    body = b'minicloud health\n'
    request = urllib.request.Request(_temp_url(conn, name, 'probe', 'PUT'),
                                     data=body, method='PUT')
    with urllib.request.urlopen(request, timeout=30) as answer:
        if answer.status != 201:
            raise RuntimeError(f'temp URL PUT answered {answer.status}')
    read = store.download_object('probe', container=name)
    if read != body:
        raise RuntimeError(f'the object reads back as {read!r}')
    remove(conn, name)
    if any(c.name == name for c in store.containers()):
        raise RuntimeError('the container is still listed after delete')


def remove(conn, name):
    store = conn.object_store
    for obj in store.objects(name):
        store.delete_object(obj, container=name)
    store.delete_container(name, ignore_missing=True)
