"""Heat's own resource types (OS::Heat::*), registered as entry points."""
