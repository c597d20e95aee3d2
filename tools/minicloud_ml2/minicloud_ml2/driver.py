"""An ML2 mechanism driver for a cloud without a data plane.

Nova refuses to boot on a port Neutron could not bind (PortBindingFailed),
and every in-tree driver binds only where an agent or OVN is alive. The
mini-cloud has neither, so this driver binds any port on any host to the
first segment it is offered, with vif_type "ovs". Nothing is wired; the
port is reported ACTIVE because no agent will ever report on it.

The trunk service plugin refuses to load unless a trunk driver claims the
configured mechanism driver, so this one registers an agentless one.
"""
from neutron.services.trunk.drivers import base as trunk_base
from neutron_lib import constants
from neutron_lib.api.definitions import portbindings
from neutron_lib.plugins.ml2 import api
from neutron_lib.services.trunk import constants as trunk_constants
from oslo_config import cfg

NAME = 'minicloud'


class BindAnyPortDriver(api.MechanismDriver):

    def initialize(self):
        # Created before the trunk plugin starts; it registers itself when
        # the plugin announces AFTER_INIT.
        self.trunk_driver = AgentlessTrunkDriver(
            NAME, (portbindings.VIF_TYPE_OVS,),
            (trunk_constants.SEGMENTATION_TYPE_VLAN,),
            agent_type=None, can_trunk_bound_port=True)

    def bind_port(self, context):
        for segment in context.segments_to_bind:
            context.set_binding(
                segment[api.ID], portbindings.VIF_TYPE_OVS,
                {portbindings.CAP_PORT_FILTER: True,
                 portbindings.OVS_HYBRID_PLUG: False},
                status=constants.PORT_STATUS_ACTIVE)
            return


class AgentlessTrunkDriver(trunk_base.DriverBase):

    @property
    def is_loaded(self):
        return NAME in cfg.CONF.ml2.mechanism_drivers
