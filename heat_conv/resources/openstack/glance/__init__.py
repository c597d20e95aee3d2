"""Glance's resource types (OS::Glance::*)."""
