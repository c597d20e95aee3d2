"""The types whose objects live in the simulated cloud (heat-conv-cloud):
OS::Heat::TestResource and OS::Heat::Dummy, and their cloud-backed base."""
