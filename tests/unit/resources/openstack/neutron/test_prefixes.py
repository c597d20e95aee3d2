from heat_conv.resources.openstack.neutron import prefixes


def test_a_wider_or_added_prefix_covers_the_old_ones():
    assert prefixes.covers(['10.0.0.0/15'], ['10.0.0.0/16', '10.1.0.0/16'])
    assert prefixes.covers(['10.0.0.0/16', '10.9.0.0/16'], ['10.0.0.0/16'])
    # Two halves together cover the whole.
    assert prefixes.covers(['10.0.0.0/17', '10.0.128.0/17'], ['10.0.0.0/16'])


def test_a_narrower_or_missing_prefix_does_not():
    assert not prefixes.covers(['10.0.0.0/17'], ['10.0.0.0/16'])
    assert not prefixes.covers(['10.0.0.0/16'], ['10.0.0.0/16', '10.1.0.0/24'])
    assert not prefixes.covers(['::/0'], ['10.0.0.0/16'])
