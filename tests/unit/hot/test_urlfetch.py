"""Templates fetched from a URL: http(s) only, within max_template_size,
failures said plainly."""
import pytest

from heat_conv.common import config
from heat_conv.hot import urlfetch

CONF = config.CONF


def test_the_text_at_an_http_url(template_server):
    template_server.pages['/child.yaml'] = 'heat_template_version: 2018-08-31\n'
    assert urlfetch.get(template_server.url + '/child.yaml') == \
        'heat_template_version: 2018-08-31\n'


@pytest.mark.parametrize('url, scheme', [('file:///etc/passwd', 'file'),
                                         ('ftp://example.com/t.yaml', 'ftp')])
def test_only_http_and_https_are_fetched(url, scheme):
    assert not urlfetch.is_url(url)
    with pytest.raises(urlfetch.FetchError, match=f'Invalid URL scheme {scheme}'):
        urlfetch.get(url)


def test_a_missing_template_says_where_it_was_looked_for(template_server):
    url = template_server.url + '/nope.yaml'
    with pytest.raises(urlfetch.FetchError, match=f'Failed to retrieve template from {url}'):
        urlfetch.get(url)


def test_a_template_over_the_size_limit_is_refused_unread_past_it(template_server):
    CONF.set_override('max_template_size', 100_000)
    try:
        template_server.pages['/big.yaml'] = b'#' * 1_000_000
        with pytest.raises(urlfetch.FetchError, match=r'maximum allowed size \(100000 bytes\)'):
            urlfetch.get(template_server.url + '/big.yaml')
    finally:
        CONF.clear_override('max_template_size')


def test_a_body_that_is_not_text_is_refused(template_server):
    template_server.pages['/bin'] = b'\xff\xfe\x00'
    with pytest.raises(urlfetch.FetchError, match='not UTF-8'):
        urlfetch.get(template_server.url + '/bin')
