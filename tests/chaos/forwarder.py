"""A TCP forwarder: the test hosts reach services that listen on 127.0.0.1.

MariaDB, RabbitMQ and the simulated cloud listen on the loopback address of
the root namespace, which no other namespace can reach. This process (in the
root namespace) listens on the root side of each host's link and relays
every connection to the loopback service, byte for byte, so that nothing in
the services' own configuration changes. A connection's two halves close
together.

    python -m tests.chaos.forwarder LISTEN_ADDR:PORT=TARGET_ADDR:PORT ...

prints ``ready`` once it listens on every address.
"""
import asyncio
import os
import sys

_CHUNK = 65536


async def _pipe(reader, writer):
    try:
        while data := await reader.read(_CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


def _handler(target):
    async def handle(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection(*target)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(_pipe(client_reader, server_writer),
                             _pipe(server_reader, client_writer))
    return handle


def _address(text):
    host, _, port = text.rpartition(':')
    return host, int(port)


async def _orphaned(parent):
    """Returns once the test run that started this process is gone (a
    killed run would otherwise leave it holding the hosts' addresses)."""
    while os.getppid() == parent:
        await asyncio.sleep(2)


async def main(specs):
    parent = os.getppid()
    servers = []
    for spec in specs:
        listen, _, target = spec.partition('=')
        host, port = _address(listen)
        servers.append(await asyncio.start_server(_handler(_address(target)), host, port,
                                                  reuse_address=True))
    print('ready', flush=True)
    serving = [asyncio.ensure_future(server.serve_forever()) for server in servers]
    await _orphaned(parent)
    for task in serving:
        task.cancel()


if __name__ == '__main__':
    asyncio.run(main(sys.argv[1:]))
