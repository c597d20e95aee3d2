"""Keystone's types (``OS::Keystone::*``): identity objects an administrator
manages with a stack. Heat's policy makes every one of them admin-only
(``resource_types:OS::Keystone::*``, heat_conv.policies.resource_types)."""
