"""Scraping a heat-conv process's metrics endpoint, as Prometheus does."""
import requests
from prometheus_client import parser


class Scrape:
    """One scrape: every sample by name and labels."""

    def __init__(self, url):
        response = requests.get(url, timeout=10)
        assert response.status_code == 200, response.text
        assert response.headers['Content-Type'].startswith('text/plain')
        self.samples = {}
        for family in parser.text_string_to_metric_families(response.text):
            for sample in family.samples:
                self.samples[sample.name, tuple(sorted(sample.labels.items()))] = \
                    sample.value

    def value(self, name, **labels):
        """The sample's value; 0 for a labelled series not seen yet."""
        return self.samples.get((name, tuple(sorted(labels.items()))), 0.0)

    def moved(self, since, name, **labels):
        """How much the sample grew since the ``since`` scrape."""
        return self.value(name, **labels) - since.value(name, **labels)
