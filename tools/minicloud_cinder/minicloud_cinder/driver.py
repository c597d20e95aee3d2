"""A Cinder volume driver for a cloud without a data plane.

Cinder's fake logging driver keeps no data: its volumes are LVM volumes
that do not exist, so a volume made from an image (what a server booting
from a volume needs) fails when Cinder writes the image to the volume's
device, /dev/mapper/..., which is not there. This driver is that fake
driver, except that a volume's "device" is a file in a directory of the
rig's state (``[<backend>] minicloud_volumes_dir``): Cinder downloads the
image, inspects it and converts it into that file with qemu-img, as it
would onto a real device, and the file goes with the volume. A volume not
made from an image has no file; nothing else reads one.
"""
import os

from cinder.tests import fake_driver
from oslo_config import cfg

volume_opts = [
    cfg.StrOpt('minicloud_volumes_dir',
               help='Directory of the files that stand for volumes made from '
                    'images.'),
]


class FileBackedFakeDriver(fake_driver.FakeLoggingVolumeDriver):

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.configuration.append_config_values(volume_opts)

    def local_path(self, volume, vg=None):
        directory = self.configuration.minicloud_volumes_dir
        os.makedirs(directory, exist_ok=True)
        return os.path.join(directory, volume['name'])

    def delete_volume(self, volume):
        super().delete_volume(volume)
        try:
            os.remove(self.local_path(volume))
        except FileNotFoundError:
            pass
