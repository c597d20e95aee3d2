"""Nova's resource types (OS::Nova::*)."""
