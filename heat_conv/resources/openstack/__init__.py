"""Resource types of real OpenStack services, one subpackage per service."""
