"""Finding a service's object by name or id, as Heat's templates name them.

Each raises the service's NotFoundException (or DuplicateResource for a
name that several objects have), which a plugin turns into Failed.
"""


def flavor_id(cloud, name_or_id):
    return cloud.compute.find_flavor(name_or_id, ignore_missing=False).id


def image_id(cloud, name_or_id):
    return cloud.image.find_image(name_or_id, ignore_missing=False).id


def network_id(cloud, name_or_id):
    return cloud.network.find_network(name_or_id, ignore_missing=False).id


def subnet(cloud, name_or_id):
    return cloud.network.find_subnet(name_or_id, ignore_missing=False)


def port_id(cloud, name_or_id):
    return cloud.network.find_port(name_or_id, ignore_missing=False).id


def security_group_ids(cloud, names_or_ids):
    return [cloud.network.find_security_group(name, ignore_missing=False).id
            for name in names_or_ids]
