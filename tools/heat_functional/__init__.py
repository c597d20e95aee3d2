"""Runs Heat's own functional tests (heat_integrationtests.functional from
the openstack-heat release) against heat-conv or any Heat endpoint.

``tools/heat-functional`` is the command; ``python -m tools.heat_functional``
is what it runs inside its own virtualenv.
"""
