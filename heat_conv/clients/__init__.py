"""Connections to real OpenStack services, through openstacksdk.

One connection per (trust or token, region), cached and reused; engines and
observers act as a stack's owner through the Keystone trust the owner
delegated to heat-conv's service user (Heat's deferred_auth_method = trusts).
"""
