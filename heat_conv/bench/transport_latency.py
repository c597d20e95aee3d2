"""Per-message latency of an oslo.messaging transport, alone.

One RPC server on the threading executor (as an engine runs it) and one
client casting to it, in this process; each cast carries its send time and
the endpoint notes when it arrives. Casts go one at a time, so this is the
latency a message adds to a step on the critical path, not throughput.
Idle CPU is the process's CPU time over a second of doing nothing with the
server listening.
"""
import statistics
import threading
import time
import uuid

import oslo_messaging

from heat_conv.common import config


class _Endpoint:
    target = oslo_messaging.Target(version='1.0')

    def __init__(self):
        self.latencies = []
        self.arrived = threading.Event()

    @oslo_messaging.expose
    def ping(self, ctxt, sent):
        self.latencies.append(time.perf_counter() - sent)
        self.arrived.set()


def measure(url, count=200, gap=0.002):
    """{'url', 'median_ms', 'p90_ms', 'max_ms', 'idle_cpu_pct'} for ``url``."""
    transport = oslo_messaging.get_rpc_transport(config.CONF, url=url)
    topic = f'heat-conv-latency-{uuid.uuid4().hex[:8]}'
    endpoint = _Endpoint()
    server = oslo_messaging.get_rpc_server(
        transport, oslo_messaging.Target(topic=topic, server='latency'), [endpoint],
        executor='threading', access_policy=oslo_messaging.ExplicitRPCAccessPolicy)
    server.start()
    client = oslo_messaging.get_rpc_client(transport, oslo_messaging.Target(topic=topic))
    try:
        # Warm up: the first casts set up exchanges and queues.
        for _ in range(5):
            endpoint.arrived.clear()
            client.cast({}, 'ping', sent=time.perf_counter())
            endpoint.arrived.wait(10)
        endpoint.latencies.clear()
        idle_start = time.process_time()
        time.sleep(1.0)
        idle = time.process_time() - idle_start
        for _ in range(count):
            endpoint.arrived.clear()
            client.cast({}, 'ping', sent=time.perf_counter())
            if not endpoint.arrived.wait(10):
                raise RuntimeError(f'{url}: a cast did not arrive within 10 s')
            time.sleep(gap)
    finally:
        server.stop()
        server.wait()
        transport.cleanup()
    lat = sorted(endpoint.latencies)
    return {'type': 'transport', 'url': _safe(url), 'messages': len(lat),
            'median_ms': round(1000 * statistics.median(lat), 3),
            'p90_ms': round(1000 * lat[int(0.9 * (len(lat) - 1))], 3),
            'max_ms': round(1000 * lat[-1], 3),
            'idle_cpu_pct': round(100 * idle, 1)}


def _safe(url):
    """The URL without its password."""
    scheme, sep, rest = url.partition('://')
    if '@' in rest:
        creds, _, host = rest.rpartition('@')
        rest = creds.split(':')[0] + ':***@' + host
    return scheme + sep + rest


def markdown(results):
    lines = ['| transport | median ms | p90 ms | max ms | idle CPU % |',
             '|---|---|---|---|---|']
    for r in results:
        lines.append(f'| {r["url"]} | {r["median_ms"]:.3f} | {r["p90_ms"]:.3f} | '
                     f'{r["max_ms"]:.3f} | {r["idle_cpu_pct"]:.1f} |')
    return '\n'.join(lines) + '\n'
