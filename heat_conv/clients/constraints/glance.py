"""Glance's constraint: an image by name or id."""
SERVICE_TYPE = 'image'

LOOKUPS = {
    'glance.image': lambda conn, value: conn.image.find_image(value, ignore_missing=False),
}
