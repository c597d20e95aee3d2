"""Cinder's resource types (OS::Cinder::*)."""
