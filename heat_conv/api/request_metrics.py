"""Counts every API request answered by its method and status code
(``heat_conv_api_requests_total``), whatever server runs the API: its own,
or uWSGI's."""
from heat_conv.common import metrics


class RequestMetrics:

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        method = environ.get('REQUEST_METHOD', '-')

        def counting_start_response(status_line, headers, exc_info=None):
            metrics.API_REQUESTS.labels(method, status_line.split(' ', 1)[0]).inc()
            return start_response(status_line, headers, exc_info)

        return self.app(environ, counting_start_response)
