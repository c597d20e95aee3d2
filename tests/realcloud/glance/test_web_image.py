"""OS::Glance::WebImage against the mini-cloud's real Glance.

The rig has no internet, so the image data comes from an HTTP server the
test starts. Glance's default import filtering (its
``[import_filtering_opts]``) refuses loopback addresses and any port but
80 and 443: a URL on 127.0.0.1 fails, with Glance's words, and the image
is made from this machine's own (non-loopback) address on port 80 when the
test may listen there.
"""
import contextlib
import http.server
import subprocess
import threading

import pytest

from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.glance import web_image
from tests.realcloud import plugin_support

WebImage = web_image.WebImage
DATA = b'heat-conv web image\n' * 100


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header('Content-Length', str(len(DATA)))
        self.end_headers()
        self.wfile.write(DATA)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def _serving(host, port):
    server = http.server.ThreadingHTTPServer((host, port), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f'http://{host}:{server.server_address[1]}/disk.raw'
    finally:
        server.shutdown()
        server.server_close()


def _own_address():
    """This machine's first non-loopback IPv4 address, or None."""
    try:
        words = subprocess.run(['hostname', '-I'], capture_output=True, text=True,
                               check=False).stdout.split()
    except OSError:
        return None
    return next((word for word in words if '.' in word and
                 not word.startswith('127.')), None)


def _image(harness, location, name='img'):
    return harness.plugin(WebImage, name, {
        'name': f'heat-conv-test-{name}', 'disk_format': 'raw',
        'container_format': 'bare', 'location': location, 'os_distro': 'none',
        'tags': ['a']})


def test_glance_refuses_a_loopback_url_and_the_resource_fails_with_its_words(harness,
                                                                              demo):
    with _serving('127.0.0.1', 0) as url:
        plugin = _image(harness, url, 'loopback')
        outcome = plugin.create()
    assert isinstance(outcome, base.Failed), outcome
    assert outcome.reason.startswith('Glance BadRequestException (400): '), outcome.reason
    # The image record was made before Glance refused the URL: the outcome
    # names it, so the resource's delete removes it.
    assert plugin_support.leftovers(demo, harness.stack_id)['images'] == [
        outcome.physical_id]
    plugin.physical_id = outcome.physical_id
    assert harness.settle(plugin, Action.DELETE, plugin.delete()) == base.Done()
    assert demo.image.find_image(outcome.physical_id) is None


def test_a_web_image_is_imported_updated_and_deleted(harness, demo):
    address = _own_address()
    if address is None:
        pytest.skip('this machine has no non-loopback address Glance would fetch from')
    try:
        serving = _serving(address, 80)
        url = serving.__enter__()
    except OSError as exc:
        pytest.skip(f'cannot listen on {address}:80 ({exc})')
    try:
        plugin = _image(harness, url)
        started = plugin.create()
        assert isinstance(started, base.Pending), started
        assert harness.settle(plugin, Action.CREATE, started) == \
            base.Done(plugin.physical_id)
    finally:
        serving.__exit__(None, None, None)
    image = demo.image.get_image(plugin.physical_id)
    assert image.status == 'active' and image.size == len(DATA)
    assert WebImage.owner_of(metadata=image.properties) == (harness.stack_id,
                                                            plugin.resource_id)
    assert plugin.attributes()['show']['id'] == plugin.physical_id

    # A lost create answer finds the image.
    again = _image(harness, url)
    again.resource_id = plugin.resource_id
    assert again.find_orphan() == plugin.physical_id

    old = plugin.properties
    plugin = harness.plugin(WebImage, 'img', dict(old, os_distro='cirros', tags=['b']),
                            physical_id=plugin.physical_id,
                            resource_id=plugin.resource_id, stored_properties=old)
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done(plugin.physical_id)
    image = demo.image.get_image(plugin.physical_id)
    assert (image.os_distro, image.tags) == ('cirros', ['b'])

    image_id = plugin.physical_id
    assert harness.settle(plugin, Action.DELETE, plugin.delete()) == base.Done()
    assert demo.image.find_image(image_id) is None
