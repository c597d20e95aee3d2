"""OpenStack Nova resource types (OS::Nova::*)."""
