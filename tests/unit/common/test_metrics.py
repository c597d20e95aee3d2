"""The process's metrics: statements counted on every thread, and per step."""
import threading

import prometheus_client as prom

from heat_conv.common import metrics


def _value(name, **labels):
    return prom.REGISTRY.get_sample_value(name, labels) or 0.0


def test_statements_of_every_thread_add_up_to_the_process_total():
    before = _value('heat_conv_db_statements_total')

    def send(count):
        for _ in range(count):
            metrics.count_statement()

    threads = [threading.Thread(target=send, args=(500,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    send(3)
    assert _value('heat_conv_db_statements_total') - before == 2003


def test_a_step_counts_only_the_statements_sent_on_its_own_thread():
    before = _value('heat_conv_step_db_statements_sum', method='unit_test_step')
    other = threading.Thread(target=lambda: [metrics.count_statement() for _ in range(50)])
    with metrics.step('unit_test_step'):
        other.start()
        other.join()
        metrics.count_statement()
        metrics.count_statement()
    assert _value('heat_conv_step_db_statements_sum', method='unit_test_step') - before == 2
